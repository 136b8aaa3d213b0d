# A tokenizer and recursive-descent evaluator for arithmetic expressions.
class ParseError(Exception):
    pass


def tokenize(text):
    tokens = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit() or ch == ".":
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "."):
                j += 1
            num = text[i:j]
            tokens.append(("num", float(num) if "." in num else int(num)))
            i = j
        elif ch in "+-*/()%^":
            tokens.append(("op", ch))
            i += 1
        else:
            raise ParseError(f"unexpected character {ch!r} at {i}")
    tokens.append(("end", None))
    return tokens


class Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos]

    def take(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def expr(self):
        value = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self):
        value = self.factor()
        while self.peek()[0] == "op" and self.peek()[1] in "*/%":
            op = self.take()[1]
            rhs = self.factor()
            if op == "*":
                value *= rhs
            elif op == "/":
                value /= rhs
            else:
                value %= rhs
        return value

    def factor(self):
        base = self.unary()
        if self.peek() == ("op", "^"):
            self.take()
            return base ** self.factor()
        return base

    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        return self.atom()

    def atom(self):
        kind, value = self.take()
        if kind == "num":
            return value
        if (kind, value) == ("op", "("):
            v = self.expr()
            if self.take() != ("op", ")"):
                raise ParseError("expected )")
            return v
        raise ParseError(f"unexpected token {value!r}")


def evaluate(text):
    p = Parser(tokenize(text))
    v = p.expr()
    if p.peek()[0] != "end":
        raise ParseError("trailing input")
    return v


for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-4 + 10 % 3", "7 / 2", "1.5 * 4",
            "((2))", "2 * (3 + 4) - -1", "1 +", "3 $ 4", "(1 + 2", "10 / 0"]:
    try:
        print(f"{src!r:>22} = {evaluate(src)}")
    except ParseError as e:
        print(f"{src!r:>22} ! ParseError: {e}")
    except ZeroDivisionError as e:
        print(f"{src!r:>22} ! ZeroDivisionError: {e}")
