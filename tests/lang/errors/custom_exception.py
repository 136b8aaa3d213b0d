# An uncaught user-defined exception defined in __main__.
class ConfigError(Exception):
    pass


def load(name):
    if not name.endswith(".cfg"):
        raise ConfigError(f"not a config file: {name}")
    return {"name": name}


print(load("app.cfg"))
print(load("app.txt"))
