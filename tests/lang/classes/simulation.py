# A small class-heavy program: a bank with accounts, transfers and a ledger.
class InsufficientFunds(Exception):
    pass
class Account:
    next_id = 1
    def __init__(self, owner, balance=0):
        self.id = Account.next_id
        Account.next_id += 1
        self.owner = owner
        self.balance = balance
    def deposit(self, amount):
        self.balance += amount
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"{self.owner} has {self.balance}, needs {amount}")
        self.balance -= amount
    def __repr__(self):
        return f"Account#{self.id}({self.owner}, {self.balance})"
class Bank:
    def __init__(self):
        self.accounts = {}
        self.ledger = []
    def open(self, owner, balance=0):
        acct = Account(owner, balance)
        self.accounts[owner] = acct
        return acct
    def transfer(self, src, dst, amount):
        a, b = self.accounts[src], self.accounts[dst]
        try:
            a.withdraw(amount)
        except InsufficientFunds as e:
            self.ledger.append(("failed", src, dst, amount))
            return str(e)
        b.deposit(amount)
        self.ledger.append(("ok", src, dst, amount))
        return "ok"
    def total(self):
        return sum(a.balance for a in self.accounts.values())
bank = Bank()
for name, bal in [("ann", 100), ("bob", 50), ("cy", 0)]:
    bank.open(name, bal)
print(bank.transfer("ann", "bob", 30))
print(bank.transfer("bob", "cy", 100))
print(bank.transfer("bob", "cy", 80))
print(bank.transfer("cy", "ann", 80))
print(list(bank.accounts.values()))
print(bank.ledger)
print(bank.total(), len([e for e in bank.ledger if e[0] == "ok"]))
