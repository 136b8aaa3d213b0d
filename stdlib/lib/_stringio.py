# _stringio — io.StringIO, an in-memory text stream (io's module __getattr__
# loads it on first use; the rest of io is native, stdlib/file.cpp).
# Provides write, writelines, read, readline, readlines, iteration,
# getvalue, seek/tell (positions are character offsets), truncate, close /
# closed, flush, the readable / writable / seekable queries and `with`.
# Not provided: newline translation (newline= is accepted; text is kept as
# written), line_buffering, detach, encoding / errors attributes beyond None.

class StringIO:
    def __init__(self, initial_value='', newline='\n'):
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError('initial_value must be str or None, not {}'.format(type(initial_value).__name__))
        self._buf = initial_value
        self._pos = 0
        self.closed = False
        self.encoding = None
        self.errors = None
        self.newlines = None

    def _check(self):
        if self.closed:
            raise ValueError('I/O operation on closed file')

    def getvalue(self):
        self._check()
        return self._buf

    def write(self, s):
        self._check()
        if not isinstance(s, str):
            raise TypeError('string argument expected, got \'{}\''.format(type(s).__name__))
        n = len(s)
        if n == 0:
            return 0
        pos = self._pos
        buf = self._buf
        if pos > len(buf):
            buf = buf + '\0' * (pos - len(buf))
        self._buf = buf[:pos] + s + buf[pos + n:]
        self._pos = pos + n
        return n

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def read(self, size=-1):
        self._check()
        if size is None or size < 0:
            size = len(self._buf)
        start = min(self._pos, len(self._buf))
        out = self._buf[start:start + size]
        self._pos = start + len(out)
        return out

    def readline(self, size=-1):
        self._check()
        start = min(self._pos, len(self._buf))
        end = self._buf.find('\n', start)
        end = len(self._buf) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = end
        return self._buf[start:end]

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                return lines

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, pos, whence=0):
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError('Negative seek position {}'.format(pos))
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = len(self._buf)
        else:
            raise ValueError('Invalid whence ({}, should be 0, 1 or 2)'.format(whence))
        return self._pos

    def tell(self):
        self._check()
        return self._pos

    def truncate(self, size=None):
        self._check()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError('Negative size value {}'.format(size))
        self._buf = self._buf[:size]
        return size

    def close(self):
        self.closed = True

    def flush(self):
        self._check()

    def isatty(self):
        self._check()
        return False

    def readable(self):
        self._check()
        return True

    def writable(self):
        self._check()
        return True

    def seekable(self):
        self._check()
        return True

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()
        return False
