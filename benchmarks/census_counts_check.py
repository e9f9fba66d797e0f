"""An independent count of the minimal complete DFAs with exactly 4 states over three letters
(recorded command: ``python benchmarks/census_counts_check.py``; about a minute, 2 GiB).

Every one of the 4^12 tables with initial state 0 is built (numpy, no canonical scan), kept
when it is in breadth-first canonical form with every state reachable, and each of the 16
acceptance vectors is tested for minimality by the table of distinguishable pairs (a pair
is distinguished when the acceptance differs or some letter leads to a distinguished pair;
iterated to the fixed point): no code of attnlogic.automata.census is used.  It printed
2,128,064 canonical tables and 26,617,614 minimal DFAs (53 s, shared machine), which the
orderly generator also finds; the published cumulative 2,048,646 for at most 4 states
over three letters cannot be right (docs/census.md).
"""
import itertools, numpy as np, time
n,k=4,3
t0=time.time()
# all tables n^(nk) = 16.7M: vectorised
idx=np.arange(n**(n*k),dtype=np.int64)
T=np.empty((idx.size,n,k),dtype=np.int8)
x=idx.copy()
for c in range(n*k):
    T[:,c//k,c%k]=x%n; x//=n
del x, idx
# canonical in BFS order: BFS numbering equals identity
ok=np.ones(T.shape[0],bool)
order=np.zeros((T.shape[0],n),np.int8); seen=np.zeros((T.shape[0],n),bool); seen[:,0]=True
nxt=np.ones(T.shape[0],np.int8)  # next number to assign
# scan cells row by row: state q row processed only if q < nxt; entry value r: if not seen must equal nxt
for c in range(n*k):
    q,a=c//k,c%k
    ok &= q < nxt
    r=T[:,q,a].astype(np.int64)
    rows=np.arange(T.shape[0])
    new=~seen[rows,r]
    ok &= ~new | (r==nxt)
    seen[rows[new],r[new]]=True
    nxt=nxt+new
ok &= nxt==n
T=T[ok].astype(np.int64); print("canonical", T.shape[0], time.time()-t0)
total=0
P,Q=np.meshgrid(np.arange(n),np.arange(n),indexing='ij')
for bits in range(1<<n):
    acc=np.array([(bits>>q)&1 for q in range(n)],bool)
    D=np.broadcast_to(acc[:,None]!=acc[None,:],(T.shape[0],n,n)).copy()
    rows=np.arange(T.shape[0])[:,None,None]
    for _ in range(n*n):
        Dn=D.copy()
        for a in range(k):
            Dn|=D[rows,T[:,:,a][:,:,None],T[:,:,a][:,None,:]]
        if (Dn==D).all(): break
        D=Dn
    off=~np.eye(n,dtype=bool)
    total+=int((D|~off).all(axis=(1,2)).sum())
print("minimal", total, time.time()-t0)
