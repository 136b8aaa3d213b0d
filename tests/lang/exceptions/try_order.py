# The order of try / except / else / finally in every combination.
def run(fail):
    log = []
    try:
        log.append("try")
        if fail:
            raise ValueError("boom")
        log.append("try end")
    except ValueError as e:
        log.append(f"except {e}")
    else:
        log.append("else")
    finally:
        log.append("finally")
    log.append("after")
    return log
print(run(False))
print(run(True))
def only_finally():
    try:
        return "from try"
    finally:
        print("finally runs before return completes")
print(only_finally())
def nested():
    try:
        try:
            raise KeyError("inner")
        except ValueError:
            print("wrong handler")
        finally:
            print("inner finally")
    except KeyError as e:
        print("outer caught", e)
    finally:
        print("outer finally")
nested()
for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("finally", i)
def raise_in_else():
    try:
        pass
    except Exception:
        print("not here")
    else:
        raise RuntimeError("from else")
try:
    raise_in_else()
except RuntimeError as e:
    print("caught", e)
try:
    try:
        1 / 0
    finally:
        print("finally during propagation")
except ZeroDivisionError:
    print("caught after finally")
