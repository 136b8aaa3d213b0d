# raise ... from ...: the last line is the outer exception.
def parse_port(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError(f"bad port {text!r}") from e


print(parse_port("80"))
parse_port("eighty")
