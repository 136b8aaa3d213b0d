# Whitespace between tokens is insignificant outside indentation.
x=1+2*3
print(x)
y   =   (  x   ,   x  )
print( y )
print(  [ 1,2 ,3 ]  [ 0 ] )
def   f (  a ,b=2 ) :
    return a+b
print(f( 1 ) , f(1,b = 5))
z = x if x>1 else 0
print(z)
print(1 if True else 2,  3 if False else 4)
d = {  'k'  :  'v'  }
print(d [ 'k' ])
s = "a" "b"   "c"
print(s)
print(not(True))
print(-(-(3)))
print(type (x) . __name__)
