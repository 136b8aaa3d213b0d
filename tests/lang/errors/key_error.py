# Uncaught KeyError: the last line shows the key's repr.
config = {"host": "localhost", "port": 8080}
print(config["host"], config["port"])
print(config["password"])
