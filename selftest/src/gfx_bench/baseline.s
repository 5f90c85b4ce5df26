| The baselines of the blitter benchmarks (selftest/src/gfx_bench.rs): the plainest fast
| loops a 68030 programmer writes for a full-screen fill and copy, to measure the blitters
| against in the same run. Linked only into the on-target test program.
|
| C calling convention: arguments at 4(sp), 8(sp), 12(sp); d0-d1/a0-a1 free, d2-d7/a2-a6
| preserved.

| void bench_fill_longs(u32 *dst, const u32 pattern[4], u32 bytes)
| Fills `bytes` (a multiple of 48) with the 4 longs of `pattern` repeated: 12 registers
| hold the pattern three times, one MOVEM stores 48 bytes.
        .section .text.bench_fill_longs,"ax",@progbits
        .globl  bench_fill_longs
bench_fill_longs:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%d0
        movem.l (%a1),%d1-%d4
        move.l  %d1,%d5
        move.l  %d2,%d6
        move.l  %d3,%d7
        move.l  %d4,%a2
        move.l  %d1,%a3
        move.l  %d2,%a4
        move.l  %d3,%a5
        move.l  %d4,%a6
        divu.l  #48,%d0
        bra.s   2f
1:      movem.l %d1-%d7/%a2-%a6,(%a0)
        lea     48(%a0),%a0
2:      subq.l  #1,%d0
        bcc.s   1b
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| void bench_copy_longs(const u32 *src, u32 *dst, u32 bytes)
| Copies `bytes` (a multiple of 48): one MOVEM loads 48 bytes into 12 registers, one stores
| them.
        .section .text.bench_copy_longs,"ax",@progbits
        .globl  bench_copy_longs
bench_copy_longs:
        movem.l %d2-%d7/%a2-%a6,-(%sp)
        move.l  48(%sp),%a0
        move.l  52(%sp),%a1
        move.l  56(%sp),%d0
        divu.l  #48,%d0
        bra.s   2f
1:      movem.l (%a0)+,%d1-%d7/%a2-%a6
        movem.l %d1-%d7/%a2-%a6,(%a1)
        lea     48(%a1),%a1
2:      subq.l  #1,%d0
        bcc.s   1b
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts
