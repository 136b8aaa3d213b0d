# io.StringIO: writing, reading back, seeking, line iteration, and as the
# target of print(file=...) and contextlib.redirect_stdout.
import io
from contextlib import redirect_stdout
from io import StringIO

buf = io.StringIO()
print(buf.write("hello\n"), buf.write("world\n"), buf.tell())
print(repr(buf.getvalue()))
buf.seek(0)
print(repr(buf.readline()), repr(buf.read()), repr(buf.read()))
buf.seek(0)
print([line.rstrip() for line in buf])
s = StringIO("a\nb\nc")
print(s.readlines(), s.tell())
s.seek(2)
s.write("X")
print(repr(s.getvalue()), s.truncate(3), repr(s.getvalue()))
out = StringIO()
print("to", "buffer", sep="-", file=out)
with redirect_stdout(StringIO()) as captured:
    print("captured line")
    print(42)
print(repr(out.getvalue()), repr(captured.getvalue()))
with StringIO("x") as f:
    pass
print(f.closed)
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
try:
    io.NoSuchThing
except AttributeError as e:
    print("AttributeError:", e)
