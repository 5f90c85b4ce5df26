| memcpy, memmove, memset, memcmp and bcmp for the 68030, by hand.
|
| LLVM calls these for every copy, fill and comparison of more than a few bytes; Rust's own
| versions (compiler_builtins' `mem` feature) are miscompiled for m68k (llvm-project #207150),
| so we provide them. The 68030 accepts misaligned word and long accesses (at a cost), so
| only the destination is aligned: a byte and a word head, then 32-byte blocks through eight
| registers with MOVEM, then longs, then a byte tail. C calling convention: arguments at
| 4(sp), 8(sp), 12(sp); result in d0; d2-d7/a2-a6 preserved.

        .text

| void *memcpy(void *dst, const void *src, size_t n)
        .globl  memcpy
memcpy:
        movem.l %d2-%d7/%a2-%a4,-(%sp)  | 36 bytes
        move.l  40(%sp),%a0
        move.l  44(%sp),%a1
        move.l  48(%sp),%d1
        bsr.s   copy_forward
        move.l  40(%sp),%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a4
        rts

| void *memmove(void *dst, const void *src, size_t n): copies backwards when dst overlaps
| the end of src.
        .globl  memmove
memmove:
        movem.l %d2-%d7/%a2-%a4,-(%sp)
        move.l  40(%sp),%a0
        move.l  44(%sp),%a1
        move.l  48(%sp),%d1
        cmp.l   %a1,%a0
        bls.s   1f                      | dst <= src: forward is safe
        move.l  %a1,%d0
        add.l   %d1,%d0
        cmp.l   %d0,%a0
        bcc.s   1f                      | dst >= src + n: no overlap
        add.l   %d1,%a0
        add.l   %d1,%a1
        bsr     copy_backward
        bra.s   2f
1:      bsr.s   copy_forward
2:      move.l  40(%sp),%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a4
        rts

| Forward copy: a0 = dst, a1 = src, d1 = n. Clobbers d1-d7, a0-a4.
copy_forward:
        cmp.l   #16,%d1
        blo.s   4f
        move.l  %a0,%d2
        btst    #0,%d2
        beq.s   1f
        move.b  (%a1)+,(%a0)+           | byte head
        subq.l  #1,%d1
        addq.l  #1,%d2
1:      btst    #1,%d2
        beq.s   2f
        move.w  (%a1)+,(%a0)+           | word head: dst now long-aligned
        subq.l  #2,%d1
2:      move.l  %d1,%d2
        lsr.l   #5,%d2                  | 32-byte blocks
        beq.s   5f
3:      movem.l (%a1)+,%d3-%d7/%a2-%a4
        movem.l %d3-%d7/%a2-%a4,(%a0)
        lea     32(%a0),%a0
        subq.l  #1,%d2
        bne.s   3b
5:      moveq   #31,%d2
        and.l   %d2,%d1                 | < 32 bytes left
        move.l  %d1,%d2
        lsr.w   #2,%d2
        bra.s   7f
6:      move.l  (%a1)+,(%a0)+
7:      dbf     %d2,6b
        moveq   #3,%d2
        and.l   %d2,%d1
4:      bra.s   9f                      | d1 < 16 here
8:      move.b  (%a1)+,(%a0)+
9:      dbf     %d1,8b
        rts

| Backward copy: a0 = dst + n, a1 = src + n, d1 = n. Clobbers d1-d7, a0-a4.
copy_backward:
        cmp.l   #16,%d1
        blo.s   4f
        move.l  %a0,%d2
        btst    #0,%d2
        beq.s   1f
        move.b  -(%a1),-(%a0)
        subq.l  #1,%d1
        subq.l  #1,%d2
1:      btst    #1,%d2
        beq.s   2f
        move.w  -(%a1),-(%a0)
        subq.l  #2,%d1
2:      move.l  %d1,%d2
        lsr.l   #5,%d2
        beq.s   5f
3:      lea     -32(%a1),%a1
        movem.l (%a1),%d3-%d7/%a2-%a4
        movem.l %d3-%d7/%a2-%a4,-(%a0)  | same memory layout as a store to (a0)
        subq.l  #1,%d2
        bne.s   3b
5:      moveq   #31,%d2
        and.l   %d2,%d1
        move.l  %d1,%d2
        lsr.w   #2,%d2
        bra.s   7f
6:      move.l  -(%a1),-(%a0)
7:      dbf     %d2,6b
        moveq   #3,%d2
        and.l   %d2,%d1
4:      bra.s   9f
8:      move.b  -(%a1),-(%a0)
9:      dbf     %d1,8b
        rts

| void *memset(void *dst, int c, size_t n)
        .globl  memset
memset:
        movem.l %d2-%d7/%a2-%a4,-(%sp)
        move.l  40(%sp),%a0
        move.l  44(%sp),%d0
        move.l  48(%sp),%d1
        and.l   #0xff,%d0               | replicate the byte into a long
        move.l  %d0,%d2
        lsl.w   #8,%d2
        or.w    %d2,%d0
        move.w  %d0,%d2
        swap    %d2
        move.w  %d0,%d2
        move.l  %d2,%d0                 | d0 = cccc
        cmp.l   #16,%d1
        blo.s   4f
        move.l  %a0,%d2
        btst    #0,%d2
        beq.s   1f
        move.b  %d0,(%a0)+
        subq.l  #1,%d1
        addq.l  #1,%d2
1:      btst    #1,%d2
        beq.s   2f
        move.w  %d0,(%a0)+
        subq.l  #2,%d1
2:      move.l  %d0,%d3
        move.l  %d0,%d4
        move.l  %d0,%d5
        move.l  %d0,%d6
        move.l  %d0,%d7
        move.l  %d0,%a2
        move.l  %d0,%a3
        move.l  %d0,%a4
        move.l  %d1,%d2
        lsr.l   #5,%d2
        beq.s   5f
3:      movem.l %d3-%d7/%a2-%a4,(%a0)
        lea     32(%a0),%a0
        subq.l  #1,%d2
        bne.s   3b
5:      moveq   #31,%d2
        and.l   %d2,%d1
        move.l  %d1,%d2
        lsr.w   #2,%d2
        bra.s   7f
6:      move.l  %d0,(%a0)+
7:      dbf     %d2,6b
        moveq   #3,%d2
        and.l   %d2,%d1
4:      bra.s   9f
8:      move.b  %d0,(%a0)+
9:      dbf     %d1,8b
        move.l  40(%sp),%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a4
        rts

| int memcmp(const void *a, const void *b, size_t n): <0, 0, >0 as the first differing
| bytes compare unsigned. bcmp (only equality matters) is the same routine. Longs are
| compared while they are equal (the 68030 reads misaligned longs); the long that differs,
| and the tail, are compared byte by byte to find the first difference.
        .globl  memcmp
        .globl  bcmp
memcmp:
bcmp:
        move.l  4(%sp),%a0
        move.l  8(%sp),%a1
        move.l  12(%sp),%d1
        moveq   #0,%d0
4:      subq.l  #4,%d1
        bcs.s   5f                      | fewer than 4 bytes left
        cmpm.l  (%a1)+,(%a0)+
        beq.s   4b
        subq.l  #4,%a0                  | back to the differing long
        subq.l  #4,%a1
5:      addq.l  #4,%d1
        bra.s   2f
1:      cmpm.b  (%a1)+,(%a0)+
        bne.s   3f
2:      subq.l  #1,%d1
        bcc.s   1b
        rts
3:      move.b  -(%a0),%d0              | d0 high bytes are still 0
        moveq   #0,%d1
        move.b  -(%a1),%d1
        sub.l   %d1,%d0
        rts
