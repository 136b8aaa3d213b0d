# An uncaught user exception raised as a class, with no message.
class Stop(Exception):
    pass


print("about to stop")
raise Stop
