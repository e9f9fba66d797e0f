/*
 * attnlogic.automata._native: DFA minimisation and equivalence in C (CPython C API only).
 *
 * minimize(transitions, initial, accepting) -> (m, table, accepting_out)
 *   transitions: a C-contiguous (n, k) int32 buffer, every entry in [0, n);
 *   accepting:   a C-contiguous (n,) bool (or uint8) buffer;
 *   returns the minimal complete DFA of the language, canonically numbered:
 *   m states, ``table`` the bytes of an (m, k) int32 table, ``accepting_out`` m bytes (0/1);
 *   its initial state is 0.
 *
 * minimal_dfa(dfa) -> DFA: the same, as a new attnlogic.automata.dfa.DFA object (built in C:
 *   on a 10-state DFA the interpreter's share of building it cost as much as the minimisation),
 *   remembered in dfa._cache['minimal'].
 *
 * equivalent(transitions_a, accepting_a, initial_a, transitions_b, accepting_b, initial_b)
 *   -> bool, whether L(A) = L(B) (same number k of letters, columns in the same order).
 *
 * The mathematics
 * ---------------
 * Minimisation has three steps.
 *
 * 1. Accessible part.  A breadth-first search from q0, the successors of a state visited in
 *    column (alphabet) order, numbers the reachable states 0, 1, … in discovery order.
 *
 * 2. Hopcroft's partition refinement (1971), O(k n log n).  The Nerode congruence is the
 *    coarsest partition P of Q that refines {F, Q∖F} and is stable: for every block B, letter
 *    a and block C, either B ⊆ a⁻¹C or B ∩ a⁻¹C = ∅.  A *splitter* is a pair (a, C); applying
 *    it splits every block B with ∅ ≠ B ∩ a⁻¹C ≠ B into B ∩ a⁻¹C (a new block) and B ∖ a⁻¹C.
 *    The waiting set W holds splitters, at most one per (letter, block).  The invariant:
 *      (I) for every letter a and every block B of P, P is stable with respect to a⁻¹ of
 *          every union of blocks that is either a block in W for a or a union of blocks
 *          whose pairs (a, ·) have all been applied since the union was one block;
 *    concretely, if B was split into B1 and B2 after (a, B) was applied, P is already stable
 *    under a⁻¹B, so stability under a⁻¹B1 gives stability under a⁻¹B2 = a⁻¹B ∖ a⁻¹B1:
 *    when a block B splits into X and B ∖ X, for every letter a, if (a, B) is waiting, (a, X)
 *    is added too (both halves must be applied); otherwise only the smaller half is added.
 *    Initially W = {(a, the smaller of F and Q∖F) : a ∈ Σ}.  When W is empty, P is stable and,
 *    since every split separates states with different residual languages, P is the Nerode
 *    partition.  A state enters a waiting splitter for a only in a block at most half as large
 *    as the last waiting splitter for a that held it, so it is scanned O(log n) times per
 *    letter: O(k n log n) in all.
 *    Data: the blocks are contiguous segments of one permutation ``elems`` of the states
 *    (``pos`` its inverse, ``start``/``size`` per block); the preimages a⁻¹q are buckets of a
 *    counting sort (``ptr``/``src``).  Applying (a, C) moves each state p with δ(p, a) ∈ C to
 *    the front of its block's segment; the moved prefix becomes the new block.  A splitter is
 *    coded a·m + C; ``pend[code]`` says whether it is waiting, ``stack`` holds the waiting codes.
 *
 * 3. Quotient and canonical numbering.  The blocks are the states of the minimal DFA; a second
 *    breadth-first search, from the block of q0 with letters in column order, numbers them.  Two
 *    DFAs with the same columns recognise the same language iff these outputs are equal: the
 *    minimal DFA is unique up to renaming (Myhill–Nerode) and the numbering depends only on the
 *    language (the BFS follows the language's residuals).  This is the numbering of
 *    attnlogic.automata.minimize.minimize on every route.
 *
 * Equivalence is Hopcroft and Karp's union–find (1971): over the disjoint union of the two
 * state sets, the pair (q0_A, q0_B) is merged and queued; a dequeued pair (p, q) with different
 * acceptance proves L(A) ≠ L(B); otherwise for each letter the classes of δ(p, a) and δ(q, a)
 * are merged and the pair queued when they were different.  Every push merges two classes, so at
 * most n_A + n_B − 1 pairs are explored; the merged classes form a bisimulation up to
 * equivalence closure when no conflict is found, hence L(A) = L(B).  The pairs are a queue
 * (breadth-first, as the numba kernel's): a difference after a short word is found after the
 * pairs of shorter words only, where a stack first explores whole subtrees (on two 2^17-state
 * DFAs differing on the word ``a`` a stack took 1.7 ms, the queue stops at the second pair).
 *
 * The GIL is released in the loops on inputs of LARGE_CELLS cells or more; signals are checked
 * every CHECK_EVERY units of work (Ctrl-C raises KeyboardInterrupt promptly, the memory is
 * freed).  Sizes are checked before any allocation; a failed allocation raises MemoryError.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* inputs of at least this many cells (states × letters) run without the GIL */
#define LARGE_CELLS 16384
/* units of work (preimage scans, transitions) between two checks for signals */
#define CHECK_EVERY (1 << 20)

typedef struct {
    PyThreadState *ts;  /* non-NULL while the GIL is released */
    int64_t work;
} gil_state;

static void release(gil_state *g, int64_t cells) {
    g->ts = NULL;
    g->work = 0;
    if (cells >= LARGE_CELLS) g->ts = PyEval_SaveThread();
}

static void reacquire(gil_state *g) {
    if (g->ts) {
        PyEval_RestoreThread(g->ts);
        g->ts = NULL;
    }
}

/* called every CHECK_EVERY units: -1 when a signal handler raised (exception set, GIL held) */
static int check_signals(gil_state *g) {
    int released = g->ts != NULL;
    reacquire(g);
    if (PyErr_CheckSignals() < 0) return -1;
    if (released) g->ts = PyEval_SaveThread();
    return 0;
}

#define TICK(g, units, on_signal)                                   \
    do {                                                            \
        (g)->work += (units);                                       \
        if ((g)->work >= CHECK_EVERY) {                             \
            (g)->work = 0;                                          \
            if (check_signals(g) < 0) goto on_signal;               \
        }                                                           \
    } while (0)

static void *xmalloc(size_t count, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) return NULL;
    return malloc(bytes ? bytes : 1);
}

/* -- buffers ------------------------------------------------------------------------------ */

/* the format's type character, after an optional native/little-endian prefix */
static char format_char(const Py_buffer *v) {
    const char *f = v->format ? v->format : "B";
    if (*f == '@' || *f == '=' || *f == '<') f++;
    return (f[0] && !f[1]) ? f[0] : '\0';
}

/* a C-contiguous (n, k) int32 table; n ≥ 1 */
static int get_table(PyObject *obj, Py_buffer *v, const char *name, Py_ssize_t *n, Py_ssize_t *k) {
    if (PyObject_GetBuffer(obj, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Format(PyExc_ValueError, "%s: expected a C-contiguous (states, letters) int32 array", name);
        return -1;
    }
    char c = format_char(v);
    if (v->ndim != 2 || v->itemsize != 4 || (c != 'i' && c != 'l')) {
        PyBuffer_Release(v);
        PyErr_Format(PyExc_ValueError, "%s: expected a C-contiguous (states, letters) int32 array", name);
        return -1;
    }
    *n = v->shape[0];
    *k = v->shape[1];
    if (*n < 1 || *n >= INT32_MAX || *k >= INT32_MAX) {
        PyBuffer_Release(v);
        PyErr_Format(PyExc_ValueError, "%s: %zd states (between 1 and 2^31 - 2 allowed)", name, *n);
        return -1;
    }
    return 0;
}

/* a C-contiguous (n,) bool/uint8 mask */
static int get_mask(PyObject *obj, Py_buffer *v, const char *name, Py_ssize_t n) {
    if (PyObject_GetBuffer(obj, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Format(PyExc_ValueError, "%s: expected a C-contiguous bool array", name);
        return -1;
    }
    char c = format_char(v);
    if (v->ndim != 1 || v->itemsize != 1 || (c != '?' && c != 'B' && c != 'b') || v->shape[0] != n) {
        PyBuffer_Release(v);
        PyErr_Format(PyExc_ValueError, "%s: expected a C-contiguous bool array of length %zd", name, n);
        return -1;
    }
    return 0;
}

/* 0 when every entry of the table lies in [0, n), else -1 (no exception set) */
static int table_in_range(const int32_t *T, int64_t cells, int32_t n) {
    int32_t bad = 0;
    for (int64_t i = 0; i < cells; i++) bad |= (T[i] < 0) | (T[i] >= n);
    return bad ? -1 : 0;
}

/* -- minimisation ------------------------------------------------------------------------- */

PyDoc_STRVAR(minimize_doc,
"minimize(transitions, initial, accepting) -> (m, table, accepting)\n\n"
"The minimal DFA of the language of (transitions, initial, accepting), canonically numbered\n"
"(breadth-first from the initial state, letters in column order; its initial state is 0):\n"
"m states, the bytes of its (m, k) int32 table and m bytes of acceptance (0 or 1).\n"
"transitions: C-contiguous (n, k) int32, entries in [0, n); accepting: (n,) bool.\n"
"Accessible part, Hopcroft's refinement (O(k n log n)), quotient, canonical numbering.");

/* the working arrays: two allocations (the BFS's, then the refinement's, sized by the m
   accessible states), carved into 8-byte aligned pieces */
typedef struct {
    int32_t *index, *order, *R, *src, *elems, *pos, *block_of, *start, *size, *mcount,
        *touched, *members, *newid, *queue;
    uint8_t *acc, *pend;
    int64_t *ptr, *stack;
    char *bfs_arena, *arena;
    int bfs_on_stack, arena_on_stack;
} min_work;

/* small inputs work in a buffer on the stack: no malloc, no first touch of fresh pages */
#define STACK_BYTES 16384

static void min_free(min_work *w) {
    if (!w->bfs_on_stack) free(w->bfs_arena);
    if (!w->arena_on_stack) free(w->arena);
}

/* bytes of `count` items of `size` bytes, rounded up to 8; adds to *total; -1 on overflow */
static int reserve(int64_t count, int64_t size, int64_t *total) {
    int64_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) return -1;
    bytes = (bytes + 7) & ~(int64_t)7;
    if (__builtin_add_overflow(*total, bytes, total)) return -1;
    return 0;
}

static void *carve(char **cursor, int64_t count, int64_t size) {
    void *p = *cursor;
    *cursor += ((count * size) + 7) & ~(int64_t)7;
    return p;
}

/* the integer argument `i` of a fast call; -1 with an exception set on failure */
static int int_arg(PyObject *const *args, Py_ssize_t i, const char *name, Py_ssize_t *out) {
    *out = PyLong_AsSsize_t(args[i]);
    if (*out == -1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "%s: expected an integer", name);
        return -1;
    }
    return 0;
}

/* (m, table bytes, acceptance bytes) of the minimal DFA, or NULL with an exception set */
static PyObject *minimize_core(PyObject *tobj, Py_ssize_t initial_arg, PyObject *aobj) {
    Py_buffer tv, av;
    Py_ssize_t n_, k_;
    if (get_table(tobj, &tv, "transitions", &n_, &k_) < 0) return NULL;
    if (get_mask(aobj, &av, "accepting", n_) < 0) {
        PyBuffer_Release(&tv);
        return NULL;
    }
    const int32_t n = (int32_t)n_, k = (int32_t)k_;
    const int32_t *T = (const int32_t *)tv.buf;
    const uint8_t *A = (const uint8_t *)av.buf;
    int64_t cells = (int64_t)n * k;
    PyObject *result = NULL, *table = NULL, *accout = NULL;
    min_work w;
    memset(&w, 0, sizeof w);
    int64_t stack_buf[STACK_BYTES / sizeof(int64_t)];   /* 8-byte aligned */
    gil_state g = {NULL, 0};

    if (initial_arg < 0 || initial_arg >= n) {
        PyErr_Format(PyExc_ValueError, "initial: state %zd out of range [0, %d)", initial_arg, (int)n);
        goto done;
    }
    if (cells > ((int64_t)1 << 40)) {
        PyErr_Format(PyExc_ValueError, "transitions: %lld cells is too large", (long long)cells);
        goto done;
    }
    release(&g, cells);
    if (table_in_range(T, cells, n) < 0) {
        reacquire(&g);
        PyErr_SetString(PyExc_ValueError, "transitions: a target out of range [0, states)");
        goto done;
    }

    /* 1. accessible part, in BFS order: old state order[i] is new state i */
    int64_t bfs_bytes = ((int64_t)n * 2 * (int64_t)sizeof(int32_t) + 7) & ~(int64_t)7;
    int64_t stack_used = bfs_bytes <= STACK_BYTES ? bfs_bytes : 0;
    w.bfs_on_stack = stack_used > 0;
    w.bfs_arena = stack_used ? (char *)stack_buf : xmalloc(n, 2 * sizeof(int32_t));
    if (!w.bfs_arena) goto nomem;
    w.index = (int32_t *)w.bfs_arena;
    w.order = w.index + n;
    for (int32_t q = 0; q < n; q++) w.index[q] = -1;
    w.index[initial_arg] = 0;
    w.order[0] = (int32_t)initial_arg;
    int32_t m = 1;
    for (int32_t h = 0; h < m; h++) {
        const int32_t *row = T + (int64_t)w.order[h] * k;
        for (int32_t a = 0; a < k; a++) {
            int32_t t = row[a];
            if (w.index[t] < 0) {
                w.index[t] = m;
                w.order[m++] = t;
            }
        }
        TICK(&g, k, interrupted);
    }
    int64_t mk = (int64_t)m * k;
    {
        int64_t total = 0;
        int bad = reserve(mk, 4, &total) || reserve(m, 1, &total) || reserve(mk + 1, 8, &total)
                  || reserve(mk, 4, &total) || reserve(mk, 1, &total) || reserve(mk, 8, &total);
        for (int i = 0; i < 10; i++) bad = bad || reserve(m, 4, &total);   /* the 10 below */
        if (bad || total > PY_SSIZE_T_MAX) goto nomem;
        /* on the stack after the BFS's arena (still read below) when both fit */
        w.arena_on_stack = total <= STACK_BYTES - stack_used;
        w.arena = w.arena_on_stack ? (char *)stack_buf + stack_used : xmalloc((size_t)total, 1);
        if (!w.arena) goto nomem;
        char *cur = w.arena;
        w.R = carve(&cur, mk, 4);
        w.acc = carve(&cur, m, 1);
        int32_t **small[] = {&w.elems, &w.pos, &w.block_of, &w.start, &w.size, &w.mcount,
                             &w.touched, &w.members, &w.newid, &w.queue};
        for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) *small[i] = carve(&cur, m, 4);
        w.ptr = carve(&cur, mk + 1, 8);
        w.src = carve(&cur, mk, 4);
        w.pend = carve(&cur, mk, 1);
        w.stack = carve(&cur, mk, 8);
    }
    int32_t n_acc = 0;
    for (int32_t i = 0; i < m; i++) {
        const int32_t *row = T + (int64_t)w.order[i] * k;
        int32_t *out = w.R + (int64_t)i * k;
        for (int32_t a = 0; a < k; a++) out[a] = w.index[row[a]];
        w.acc[i] = A[w.order[i]] != 0;
        n_acc += w.acc[i];
    }
    if (!w.bfs_on_stack) free(w.bfs_arena);
    w.bfs_arena = NULL;
    w.bfs_on_stack = 0;

    /* 2. Hopcroft's refinement of {F, Q∖F} on the m accessible states */
    int32_t nb;
    if (n_acc == 0 || n_acc == m) {           /* one block: nothing to refine */
        nb = 1;
        for (int32_t i = 0; i < m; i++) { w.elems[i] = i; w.pos[i] = i; w.block_of[i] = 0; }
        w.start[0] = 0;
        w.size[0] = m;
    } else {
        /* block 0: the accepting states, block 1: the others */
        nb = 2;
        int32_t f = 0, o = n_acc;
        for (int32_t i = 0; i < m; i++) {
            int32_t p = w.acc[i] ? f++ : o++;
            w.elems[p] = i; w.pos[i] = p; w.block_of[i] = w.acc[i] ? 0 : 1;
        }
        w.start[0] = 0; w.size[0] = n_acc;
        w.start[1] = n_acc; w.size[1] = m - n_acc;
        if (k > 0) {
            /* preimages: src[ptr[a·m + q] : ptr[a·m + q + 1]] are the p with δ(p, a) = q */
            memset(w.ptr, 0, ((size_t)mk + 1) * sizeof(int64_t));
            for (int32_t p = 0; p < m; p++)
                for (int32_t a = 0; a < k; a++) w.ptr[(int64_t)a * m + w.R[(int64_t)p * k + a]]++;
            for (int64_t i = 1; i < mk; i++) w.ptr[i] += w.ptr[i - 1];   /* ends of the buckets */
            w.ptr[mk] = mk;
            for (int32_t p = m - 1; p >= 0; p--)
                for (int32_t a = 0; a < k; a++)
                    w.src[--w.ptr[(int64_t)a * m + w.R[(int64_t)p * k + a]]] = p;  /* now starts */
            memset(w.pend, 0, (size_t)mk);
            memset(w.mcount, 0, (size_t)m * sizeof(int32_t));
            int64_t top = 0;
            int32_t first = n_acc <= m - n_acc ? 0 : 1;
            for (int32_t a = 0; a < k; a++) {
                int64_t code = (int64_t)a * m + first;
                w.pend[code] = 1;
                w.stack[top++] = code;
            }
            int32_t *elems = w.elems, *pos = w.pos, *block_of = w.block_of, *start = w.start,
                    *size = w.size, *mcount = w.mcount, *touched = w.touched, *members = w.members,
                    *src = w.src;
            int64_t *ptr = w.ptr, *stack = w.stack;
            uint8_t *pend = w.pend;
            while (top > 0) {
                int64_t code = stack[--top];
                pend[code] = 0;
                int32_t c = (int32_t)(code / m);
                int32_t C = (int32_t)(code - (int64_t)c * m);
                int64_t base = (int64_t)c * m;
                int32_t zC = size[C];
                memcpy(members, elems + start[C], (size_t)zC * sizeof(int32_t));
                int32_t nt = 0;
                int64_t scanned = zC;
                for (int32_t x = 0; x < zC; x++) {
                    int32_t q = members[x];
                    int64_t lo = ptr[base + q], hi = ptr[base + q + 1];
                    scanned += hi - lo;
                    for (int64_t j = lo; j < hi; j++) {
                        int32_t p = src[j];
                        int32_t B = block_of[p];
                        int32_t mc = mcount[B];
                        if (mc == 0) touched[nt++] = B;
                        int32_t dst = start[B] + mc;     /* move p to the front of B */
                        int32_t i = pos[p];
                        if (i != dst) {
                            int32_t r = elems[dst];
                            elems[i] = r;
                            pos[r] = i;
                            elems[dst] = p;
                            pos[p] = dst;
                        }
                        mcount[B] = mc + 1;
                    }
                }
                for (int32_t t = 0; t < nt; t++) {
                    int32_t B = touched[t];
                    int32_t mc = mcount[B];
                    mcount[B] = 0;
                    int32_t zB = size[B];
                    if (mc == zB) continue;
                    int32_t X = nb++;                   /* the moved prefix becomes X */
                    int32_t sB = start[B];
                    start[X] = sB;
                    size[X] = mc;
                    start[B] = sB + mc;
                    size[B] = zB - mc;
                    for (int32_t i = sB; i < sB + mc; i++) block_of[elems[i]] = X;
                    int32_t smaller = mc <= zB - mc ? X : B;
                    for (int32_t a = 0; a < k; a++) {
                        int64_t cb = (int64_t)a * m;
                        if (pend[cb + B]) {
                            pend[cb + X] = 1;
                            stack[top++] = cb + X;
                        } else if (!pend[cb + smaller]) {
                            pend[cb + smaller] = 1;
                            stack[top++] = cb + smaller;
                        }
                    }
                }
                TICK(&g, scanned, interrupted);
            }
        }
    }
    reacquire(&g);

    /* 3. the quotient, numbered by a BFS from the block of state 0 (the initial state) */
    table = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)nb * k * (Py_ssize_t)sizeof(int32_t));
    accout = PyBytes_FromStringAndSize(NULL, nb);
    if (!table || !accout) goto done;
    {
        int32_t *out = (int32_t *)PyBytes_AS_STRING(table);
        char *aout = PyBytes_AS_STRING(accout);
        for (int32_t b = 0; b < nb; b++) w.newid[b] = -1;
        w.newid[w.block_of[0]] = 0;
        w.queue[0] = w.block_of[0];
        int32_t got = 1;
        for (int32_t h = 0; h < got; h++) {
            int32_t B = w.queue[h];
            int32_t rep = w.elems[w.start[B]];
            const int32_t *row = w.R + (int64_t)rep * k;
            int32_t *orow = out + (int64_t)h * k;
            for (int32_t a = 0; a < k; a++) {
                int32_t t = w.block_of[row[a]];
                if (w.newid[t] < 0) {
                    w.newid[t] = got;
                    w.queue[got++] = t;
                }
                orow[a] = w.newid[t];
            }
            aout[h] = (char)w.acc[rep];
        }
        if (got != nb) {  /* cannot happen: every block holds a reachable state */
            PyErr_SetString(PyExc_SystemError, "minimize: a block is unreachable");
            goto done;
        }
    }
    result = Py_BuildValue("(iOO)", (int)nb, table, accout);
    goto done;

nomem:
    reacquire(&g);
    PyErr_NoMemory();
    goto done;
interrupted:
    /* check_signals left the GIL held and the exception set */
    goto done;
done:
    reacquire(&g);
    Py_XDECREF(table);
    Py_XDECREF(accout);
    min_free(&w);
    PyBuffer_Release(&tv);
    PyBuffer_Release(&av);
    return result;
}

static PyObject *native_minimize(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "minimize(transitions, initial, accepting): 3 arguments");
        return NULL;
    }
    Py_ssize_t initial_arg;
    if (int_arg(args, 1, "initial", &initial_arg) < 0) return NULL;
    return minimize_core(args[0], initial_arg, args[2]);
}

/* -- the minimal DFA as an object ---------------------------------------------------------- */

PyDoc_STRVAR(minimal_dfa_doc,
"minimal_dfa(dfa) -> DFA\n\n"
"minimize() on dfa.transitions, dfa.initial, dfa.accepting, returned as a new object of\n"
"type(dfa) built as attnlogic.automata.dfa.DFA._trusted builds one: the slots alphabet\n"
"(dfa's), transitions and accepting (read-only numpy arrays over the returned bytes), initial\n"
"0, _index (dfa's: the same alphabet) and _cache {'minimal': itself}; it is also stored as\n"
"dfa._cache['minimal'].  The Python route's steps, done here because on a 10-state DFA the\n"
"interpreter's share of them cost as much as the minimisation.");

static PyObject *np_ndarray, *dt_int32, *dt_bool, *empty_tuple, *zero;
static PyObject *s_transitions, *s_initial, *s_accepting, *s_alphabet, *s_index, *s_cache,
    *s_minimal;

static int load_numpy(void) {
    if (np_ndarray) return 0;
    PyObject *np = PyImport_ImportModule("numpy");
    if (!np) return -1;
    PyObject *dtype = PyObject_GetAttrString(np, "dtype");
    PyObject *nd = PyObject_GetAttrString(np, "ndarray");
    Py_DECREF(np);
    if (!dtype || !nd) {
        Py_XDECREF(dtype);
        Py_XDECREF(nd);
        return -1;
    }
    PyObject *i32 = PyObject_CallFunction(dtype, "s", "int32");
    PyObject *b = PyObject_CallFunction(dtype, "s", "bool");
    Py_DECREF(dtype);
    if (!i32 || !b) {
        Py_XDECREF(i32);
        Py_XDECREF(b);
        Py_DECREF(nd);
        return -1;
    }
    dt_int32 = i32;
    dt_bool = b;
    np_ndarray = nd;
    return 0;
}

static PyObject *native_minimal_dfa(PyObject *self, PyObject *dfa) {
    (void)self;
    if (load_numpy() < 0) return NULL;
    PyObject *tr = NULL, *acc = NULL, *init = NULL, *alphabet = NULL, *index = NULL,
             *cache = NULL, *res = NULL, *shape = NULL, *table = NULL, *accepting = NULL,
             *m_obj = NULL, *out = NULL, *own_cache = NULL;
    tr = PyObject_GetAttr(dfa, s_transitions);
    acc = tr ? PyObject_GetAttr(dfa, s_accepting) : NULL;
    init = acc ? PyObject_GetAttr(dfa, s_initial) : NULL;
    alphabet = init ? PyObject_GetAttr(dfa, s_alphabet) : NULL;
    index = alphabet ? PyObject_GetAttr(dfa, s_index) : NULL;
    cache = index ? PyObject_GetAttr(dfa, s_cache) : NULL;
    if (!cache) goto fail;
    if (!PyDict_Check(cache)) {
        PyErr_SetString(PyExc_TypeError, "dfa: _cache is not a dict");
        goto fail;
    }
    Py_ssize_t initial = PyLong_AsSsize_t(init);
    if (initial == -1 && PyErr_Occurred()) goto fail;
    res = minimize_core(tr, initial, acc);
    if (!res) goto fail;
    m_obj = PyTuple_GET_ITEM(res, 0);
    Py_ssize_t m = PyLong_AsSsize_t(m_obj);
    PyObject *tbytes = PyTuple_GET_ITEM(res, 1), *abytes = PyTuple_GET_ITEM(res, 2);
    Py_ssize_t k = PyBytes_GET_SIZE(tbytes) / ((Py_ssize_t)sizeof(int32_t) * m);
    shape = Py_BuildValue("(nn)", m, k);
    if (!shape) goto fail;
    table = PyObject_CallFunctionObjArgs(np_ndarray, shape, dt_int32, tbytes, NULL);
    if (!table) goto fail;
    accepting = PyObject_CallFunctionObjArgs(np_ndarray, m_obj, dt_bool, abytes, NULL);
    if (!accepting) goto fail;
    PyTypeObject *type = Py_TYPE(dfa);
    out = PyBaseObject_Type.tp_new(type, empty_tuple, NULL);
    own_cache = PyDict_New();
    if (!out || !own_cache) goto fail;
    /* object.__setattr__: the class's own __setattr__ refuses (the value is immutable) */
    if (PyObject_GenericSetAttr(out, s_alphabet, alphabet) < 0
        || PyObject_GenericSetAttr(out, s_transitions, table) < 0
        || PyObject_GenericSetAttr(out, s_initial, zero) < 0
        || PyObject_GenericSetAttr(out, s_accepting, accepting) < 0
        || PyObject_GenericSetAttr(out, s_index, index) < 0
        || PyObject_GenericSetAttr(out, s_cache, own_cache) < 0
        || PyDict_SetItem(own_cache, s_minimal, out) < 0
        || PyDict_SetItem(cache, s_minimal, out) < 0)
        goto fail;
    goto done;
fail:
    Py_CLEAR(out);
done:
    Py_XDECREF(tr); Py_XDECREF(acc); Py_XDECREF(init); Py_XDECREF(alphabet); Py_XDECREF(index);
    Py_XDECREF(cache); Py_XDECREF(res); Py_XDECREF(shape); Py_XDECREF(table);
    Py_XDECREF(accepting); Py_XDECREF(own_cache);
    return out;
}

/* -- equivalence -------------------------------------------------------------------------- */

PyDoc_STRVAR(equivalent_doc,
"equivalent(transitions_a, accepting_a, initial_a, transitions_b, accepting_b, initial_b) -> bool\n\n"
"Whether the two DFAs (int32 tables with the same number of columns, bool masks) recognise\n"
"the same language: Hopcroft and Karp's union-find, at most n_a + n_b - 1 pairs explored.");

static int32_t find(int32_t *parent, int32_t x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];   /* path halving */
        x = parent[x];
    }
    return x;
}

static PyObject *native_equivalent(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "equivalent(transitions_a, accepting_a, initial_a, "
                        "transitions_b, accepting_b, initial_b): 6 arguments");
        return NULL;
    }
    PyObject *ta = args[0], *aa = args[1], *tb = args[3], *ab = args[4];
    Py_ssize_t ia, ib;
    if (int_arg(args, 2, "initial_a", &ia) < 0 || int_arg(args, 5, "initial_b", &ib) < 0) return NULL;
    Py_buffer tav, aav, tbv, abv;
    Py_ssize_t na_, nb_, ka, kb;
    int have = 0;
    PyObject *result = NULL;
    int32_t *parent = NULL, *pairs = NULL;
    gil_state g = {NULL, 0};
    if (get_table(ta, &tav, "transitions_a", &na_, &ka) < 0) goto done;
    have = 1;
    if (get_mask(aa, &aav, "accepting_a", na_) < 0) goto done;
    have = 2;
    if (get_table(tb, &tbv, "transitions_b", &nb_, &kb) < 0) goto done;
    have = 3;
    if (get_mask(ab, &abv, "accepting_b", nb_) < 0) goto done;
    have = 4;
    if (ka != kb) {
        PyErr_Format(PyExc_ValueError, "transitions_b: %zd letters, transitions_a has %zd", kb, ka);
        goto done;
    }
    if (ia < 0 || ia >= na_ || ib < 0 || ib >= nb_) {
        PyErr_SetString(PyExc_ValueError, "initial_a, initial_b: a state out of range");
        goto done;
    }
    if (na_ + nb_ >= INT32_MAX || (na_ + nb_) * ka > ((int64_t)1 << 40)) {
        PyErr_Format(PyExc_ValueError, "transitions_a, transitions_b: %zd states in all is too large",
                     na_ + nb_);
        goto done;
    }
    const int32_t na = (int32_t)na_, nbs = (int32_t)nb_, k = (int32_t)ka;
    const int32_t *Ta = tav.buf, *Tb = tbv.buf;
    const uint8_t *Fa = aav.buf, *Fb = abv.buf;
    int64_t cells = ((int64_t)na + nbs) * k;
    release(&g, cells);
    if (table_in_range(Ta, (int64_t)na * k, na) < 0 || table_in_range(Tb, (int64_t)nbs * k, nbs) < 0) {
        reacquire(&g);
        PyErr_SetString(PyExc_ValueError, "transitions_a, transitions_b: a target out of range [0, states)");
        goto done;
    }
    int32_t total = na + nbs;
    parent = xmalloc(total, sizeof(int32_t));
    pairs = xmalloc((size_t)total, 2 * sizeof(int32_t));   /* one push per merge, plus the first:
                                                               a queue that never wraps */
    if (!parent || !pairs) {
        reacquire(&g);
        PyErr_NoMemory();
        goto done;
    }
    for (int32_t x = 0; x < total; x++) parent[x] = x;
    parent[ia] = na + (int32_t)ib;
    int64_t head = 0, tail = 0;
    pairs[0] = (int32_t)ia;
    pairs[1] = (int32_t)ib;
    tail = 1;
    int same = 1;
    while (head < tail) {
        int32_t p = pairs[2 * head], q = pairs[2 * head + 1];
        head++;
        if ((Fa[p] != 0) != (Fb[q] != 0)) {
            same = 0;
            break;
        }
        const int32_t *rp = Ta + (int64_t)p * k, *rq = Tb + (int64_t)q * k;
        for (int32_t a = 0; a < k; a++) {
            int32_t x = find(parent, rp[a]), y = find(parent, na + rq[a]);
            if (x != y) {
                parent[x] = y;
                pairs[2 * tail] = rp[a];
                pairs[2 * tail + 1] = rq[a];
                tail++;
            }
        }
        TICK(&g, k, interrupted);
    }
    reacquire(&g);
    result = PyBool_FromLong(same);
    goto done;
interrupted:
    goto done;
done:
    reacquire(&g);
    free(parent);
    free(pairs);
    if (have >= 1) PyBuffer_Release(&tav);
    if (have >= 2) PyBuffer_Release(&aav);
    if (have >= 3) PyBuffer_Release(&tbv);
    if (have >= 4) PyBuffer_Release(&abv);
    return result;
}

/* -- module ------------------------------------------------------------------------------- */

static PyMethodDef native_methods[] = {
    {"minimize", (PyCFunction)(void (*)(void))native_minimize, METH_FASTCALL, minimize_doc},
    {"minimal_dfa", native_minimal_dfa, METH_O, minimal_dfa_doc},
    {"equivalent", (PyCFunction)(void (*)(void))native_equivalent, METH_FASTCALL, equivalent_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "_native",
    "DFA minimisation (Hopcroft, canonical BFS numbering) and equivalence (Hopcroft–Karp) in C.",
    -1, native_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (!empty_tuple) {
        empty_tuple = PyTuple_New(0);
        zero = PyLong_FromLong(0);
        s_transitions = PyUnicode_InternFromString("transitions");
        s_initial = PyUnicode_InternFromString("initial");
        s_accepting = PyUnicode_InternFromString("accepting");
        s_alphabet = PyUnicode_InternFromString("alphabet");
        s_index = PyUnicode_InternFromString("_index");
        s_cache = PyUnicode_InternFromString("_cache");
        s_minimal = PyUnicode_InternFromString("minimal");
        if (!empty_tuple || !zero || !s_transitions || !s_initial || !s_accepting || !s_alphabet
            || !s_index || !s_cache || !s_minimal)
            return NULL;
    }
    return PyModule_Create(&native_module);
}
