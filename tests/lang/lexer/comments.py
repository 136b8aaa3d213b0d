# Comments: full-line, trailing, '#' inside strings, comment-only blocks.
#!/not/a/shebang just a comment
x = 1  # trailing comment
# print("this must not run")
print("x is", x)  # another
s = "# not a comment"
print(s)
t = '#' + "#" # comment after code with hashes in strings
print(t)
u = """
# inside a triple-quoted string
"""
print(repr(u))
def f():
    # comment as first line of a body
    return 5
    # comment after return
print(f())
if x:
    pass
    # trailing comment in block
# comment at column 0 between blocks
else_value = 2
print(else_value)
print(f"{'#'} in an f-string")  # the '#' is inside a string
        # an oddly indented comment is fine
print("end")
