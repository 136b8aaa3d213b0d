# Uncaught AssertionError with a message.
def withdraw(balance, amount):
    assert amount <= balance, f"cannot withdraw {amount} from {balance}"
    return balance - amount


print(withdraw(100, 30))
print(withdraw(10, 30))
