"""contextlib: utilities for with-statement context managers (Kiln's pure-Python version).

Provides contextmanager (generator-based, also usable as a decorator),
ContextDecorator, AbstractContextManager, suppress, nullcontext, closing,
redirect_stdout / redirect_stderr (they swap sys.stdout / sys.stderr) and
ExitStack (enter_context, push, callback, pop_all, close).
Not provided: the async variants (Kiln has no async), chdir, AsyncExitStack.
"""

import sys


class AbstractContextManager:
    """A base class whose __enter__ returns self; subclasses define __exit__."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    """Lets a context manager decorate a function: each call runs inside it."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        cm_source = self

        def inner(*args, **kwds):
            with cm_source._recreate_cm():
                return func(*args, **kwds)

        _copy_function_names(func, inner)
        return inner


def _copy_function_names(src, dst):
    for attr in ('__module__', '__name__', '__qualname__', '__doc__'):
        try:
            value = getattr(src, attr)
        except AttributeError:
            continue
        try:
            setattr(dst, attr, value)
        except (AttributeError, TypeError):
            pass
    try:
        dst.__wrapped__ = src
    except (AttributeError, TypeError):
        pass


class _GeneratorContextManager(ContextDecorator):
    """What a @contextmanager function returns: runs the generator up to its
    yield on __enter__ and resumes it (or throws into it) on __exit__."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func = func
        self.args = args
        self.kwds = kwds

    def _recreate_cm(self):
        # A decorated function makes a fresh generator on every call.
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        # Not reusable: the arguments are only needed by _recreate_cm.
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # The generator swallowed the exception (True) unless the
            # StopIteration is the exception that was thrown in.
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            # A StopIteration raised in the with-block turns into a
            # RuntimeError inside the generator (PEP 479).
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager: turn a generator function yielding once into a factory
    of context managers."""

    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)

    _copy_function_names(func, helper)
    return helper


class suppress(AbstractContextManager):
    """with suppress(E1, E2): ... -- ignore those exceptions raised in the block."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        return None

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class nullcontext(AbstractContextManager):
    """A context manager that does nothing; __enter__ returns enter_result."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        return None


class closing(AbstractContextManager):
    """with closing(thing) as t: ... -- calls thing.close() at the end."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """with redirect_stdout(f): ... -- sys.stdout is f inside the block."""
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    """with redirect_stderr(f): ... -- sys.stderr is f inside the block."""
    _stream = "stderr"


class ExitStack(AbstractContextManager):
    """A stack of exit callbacks run (last in, first out) when the stack closes;
    an exception one callback raises is passed on to the next ones."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        """Move the callbacks to a new ExitStack and return it."""
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        """Add an exit callback: a context manager's __exit__ (the object is
        given) or any callable with __exit__'s signature."""
        exit_method = getattr(type(exit), '__exit__', None)
        if exit_method is None:
            self._exit_callbacks.append(exit)
        else:
            self._push_cm_exit(exit, exit_method)
        return exit

    def enter_context(self, cm):
        """Enter cm and push its __exit__; returns what __enter__ returned."""
        cls = type(cm)
        enter = getattr(cls, '__enter__', None)
        exit_method = getattr(cls, '__exit__', None)
        if enter is None or exit_method is None:
            raise TypeError("'%s.%s' object does not support the context manager protocol"
                            % (cls.__module__, cls.__qualname__))
        result = enter(cm)
        self._push_cm_exit(cm, exit_method)
        return result

    def callback(self, callback, *args, **kwds):
        """Register callback(*args, **kwds) to run at close; returns callback."""

        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)

        _exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def _push_cm_exit(self, cm, cm_exit):
        def _exit_wrapper(exc_type, exc, tb):
            return cm_exit(cm, exc_type, exc, tb)

        _exit_wrapper.__self__ = cm
        self._exit_callbacks.append(_exit_wrapper)

    def close(self):
        """Run every callback now."""
        self.__exit__(None, None, None)

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        pending = exc_details[1] if received_exc else None
        suppressed = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            if pending is None:
                details = (None, None, None)
            else:
                details = (type(pending), pending, None)
            try:
                if cb(*details):
                    suppressed = True
                    pending = None
            except BaseException as new_exc:
                # The new exception's context is the one it replaces.
                if pending is not None and new_exc is not pending and new_exc.__context__ is None:
                    new_exc.__context__ = pending
                pending = new_exc
                suppressed = False
        if pending is not None and (not received_exc or pending is not exc_details[1]):
            raise pending
        return received_exc and suppressed
