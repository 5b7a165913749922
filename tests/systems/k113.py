# Recomputes the constants of the test-only curve fft::k113 (tests/systems/k113.cppm): the
# order from the Frobenius trace, the generator 2 (x, y) at the first x = 3, 4, ... with a root,
# and n G = O, in plain GF(2^113) arithmetic. Usage: python3 tests/systems/k113.py
M=113; F=(1<<113)|(1<<9)|1
def mul(a,b):
    r=0
    while b:
        if b&1: r^=a
        b>>=1; a<<=1
        if a>>M &1: a^=F
    return r
def sq(a): return mul(a,a)
def inv(a):
    # a^(2^m-2)
    r=1; e=(1<<M)-2; base=a
    while e:
        if e&1: r=mul(r,base)
        base=sq(base); e>>=1
    return r
def trace(c):
    t=c; s=c
    for i in range(1,M): s=sq(s); t^=s
    return t
def half_trace(c):
    h=c; s=c
    for i in range(1,(M-1)//2+1):
        s=sq(sq(s)); h^=s
    return h
a=1;b=1
def on_curve(x,y): return sq(y)^mul(x,y) == mul(sq(x),x)^mul(a,sq(x))^b
def add(P,Q):
    if P is None: return Q
    if Q is None: return P
    x1,y1=P;x2,y2=Q
    if x1==x2:
        if y1==y2^x2: return None
        return dbl(P)
    l=mul(y1^y2,inv(x1^x2))
    x3=sq(l)^l^x1^x2^a
    y3=mul(l,x1^x3)^x3^y1
    return (x3,y3)
def dbl(P):
    if P is None: return None
    x,y=P
    if x==0: return None
    l=x^mul(y,inv(x))
    x3=sq(l)^l^a
    y3=sq(x)^mul(l^1,x3)
    return (x3,y3)
def smul(k,P):
    R=None
    for bit in bin(k)[2:]:
        R=dbl(R)
        if bit=='1': R=add(R,P)
    return R
n=5192296858534827627896703833467507
for x in range(2,100):
    # y = z x, z^2 + z = x + a + b/x^2
    c=x^a^mul(b,sq(inv(x)))
    if trace(c)&1: continue
    z=half_trace(c); y=mul(z,x)
    P=(x,y); assert on_curve(*P)
    G=dbl(P)
    if G is None: continue
    assert smul(n,G) is None
    print("x0",x)
    print("gx %X"%G[0]); print("gy %X"%G[1]); print("n %X"%n)
    break
