# warnings — warn(), the filters and catch_warnings, written in Kiln's Python.
#
# Provides warn, warn_explicit, filterwarnings, simplefilter, resetwarnings,
# showwarning, formatwarning, catch_warnings (record=True gives the list of
# WarningMessage objects) and the `filters` list, with CPython's actions
# ('default', 'error', 'ignore', 'always', 'module', 'once') and its default
# filters (DeprecationWarning and friends ignored outside __main__).
# Differences from CPython: Kiln has no frames to inspect (no
# sys._getframe), so a warning's file and line are the script's name and 0,
# `stacklevel` is accepted and ignored, 'default' and 'module' show a
# warning once per (text, category) rather than once per source line, and
# the `module` pattern of a filter is matched against '__main__'. Warnings
# go to sys.stderr as "<file>:<line>: <Category>: <text>".
import sys

__all__ = ['warn', 'warn_explicit', 'showwarning', 'formatwarning', 'filterwarnings', 'simplefilter',
           'resetwarnings', 'catch_warnings', 'filters', 'WarningMessage']

_ACTIONS = ('error', 'ignore', 'always', 'default', 'module', 'once')


def _default_filters():
    return [('default', None, DeprecationWarning, '__main__', 0),
            ('ignore', None, DeprecationWarning, None, 0),
            ('ignore', None, PendingDeprecationWarning, None, 0),
            ('ignore', None, ImportWarning, None, 0),
            ('ignore', None, ResourceWarning, None, 0)]


filters = _default_filters()
defaultaction = 'default'
_onceregistry = {}


class WarningMessage:
    _WARNING_DETAILS = ('message', 'category', 'filename', 'lineno', 'file', 'line', 'source')

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}"
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


def formatwarning(message, category, filename, lineno, line=None):
    s = '%s:%s: %s: %s\n' % (filename, lineno, category.__name__, message)
    if line:
        s += '  %s\n' % line.strip()
    return s


def _showwarning_impl(message, category, filename, lineno, file=None, line=None):
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = formatwarning(message, category, filename, lineno, line)
    try:
        file.write(text)
    except OSError:
        pass


showwarning = _showwarning_impl


def _check_action(action):
    if action not in _ACTIONS:
        raise AssertionError('invalid action: %r' % (action,))


def _add_filter(item, append):
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _onceregistry.clear()
    _registry.clear()


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    _check_action(action)
    if not isinstance(message, str):
        raise AssertionError('message must be a string')
    if not isinstance(category, type) or not issubclass(category, Warning):
        raise AssertionError('category must be a Warning subclass')
    if not isinstance(module, str):
        raise AssertionError('module must be a string')
    if not isinstance(lineno, int) or lineno < 0:
        raise AssertionError('lineno must be an int >= 0')
    _add_filter((action, message.lower() if message else None, category, module if module else None, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    _check_action(action)
    if not isinstance(lineno, int) or lineno < 0:
        raise AssertionError('lineno must be an int >= 0')
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    filters[:] = []
    _onceregistry.clear()
    _registry.clear()


_registry = {}


def _matches(pattern, text):
    # A filter's message / module pattern: CPython compiles it as a regular
    # expression matched at the start; Kiln has no `re`, so a prefix (the
    # common case: literal text) and '.*' as "anything" are honoured.
    if pattern is None:
        return True
    if pattern.endswith('.*'):
        pattern = pattern[:-2]
    return text.startswith(pattern)


def _script_name():
    argv = getattr(sys, 'argv', None)
    if argv and argv[0]:
        return argv[0]
    return '<string>'


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = type(message)
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{}'".format(type(category).__name__))
    warn_explicit(message, category, _script_name(), 0, '__main__', None, None, source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None,
                  source=None):
    if module is None:
        module = filename or '<unknown>'
    if isinstance(message, Warning):
        text = str(message)
        category = type(message)
    else:
        text = message
        message = category(message)
    key = (text, category)
    action = defaultaction
    for item in filters:
        act, msg, cat, mod, ln = item
        if (_matches(msg, text.lower()) and issubclass(category, cat) and _matches(mod, module)
                and (ln == 0 or lineno == ln)):
            action = act
            break
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    if action == 'once':
        if _onceregistry.get(key):
            return
        _onceregistry[key] = 1
    elif action in ('default', 'module'):
        if _registry.get(key):
            return
        _registry[key] = 1
    elif action != 'always':
        raise RuntimeError('Unrecognized action (%r) in warnings.filters:\n %s' % (action, item))
    msg = WarningMessage(message, category, filename, lineno, None, None, source)
    _showwarnmsg(msg)


def _showwarnmsg(msg):
    showwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)


class catch_warnings:
    """Saves the filters (and showwarning) on entry and restores them on exit;
    with record=True, warnings are appended to the list __enter__ returns."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append('record=True')
        return '%s(%s)' % (type(self).__name__, ', '.join(args))

    def __enter__(self):
        global showwarning
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        self._saved_filters = filters[:]
        self._saved_show = showwarning
        self._saved_registry = dict(_registry)
        _registry.clear()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []

            def record(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))

            showwarning = record
            return log
        return None

    def __exit__(self, *exc_info):
        global showwarning
        if not self._entered:
            raise RuntimeError('Cannot exit %r without entering first' % self)
        filters[:] = self._saved_filters
        showwarning = self._saved_show
        _registry.clear()
        _registry.update(self._saved_registry)
        return False
