| One level of the breadth-first search that computes the 3×3 distance table
| (src/games/slide/tables.rs, `level3`, whose portable Rust this follows step by step).
|
| u32 slide_level3(u8 *table, const u32 *frontier, u32 count, u32 *next,
|                  const u32 *first, const u32 *last, u32 nd)
|
| A position is a packed word: the gap's cell in bits 24-27, the eight tiles in cell order
| (the gap skipped) 3 bits each, the first at bits 21-23. Its rank is gap × 20160 +
| first[bits 12-23] + last[bits 0-11]. The table holds 2 bits per rank, entry r at bit-field
| offset 2r from `table`, 3 = no distance yet. For each of the `count` positions of
| `frontier`, every neighbour whose entry is 3 gets `nd` and is appended to `next`.
| Returns how many were. Gap left/right: the tiles' order stays, the rank moves by 20160.
| Gap up: the 9-bit field of the three tiles before the gap (bit-field offset 3 gap - 1)
| rotates a b c -> b c a; gap down: the three after it (offset 3 gap + 8) c a b.
|
| C calling convention: arguments at 4(sp) on; d0-d1/a0-a1 free, d2-d7/a2-a6 preserved.
| Registers: a0 table, a1 walks `next`, a2 walks `frontier`, a5 its end, a3 first, a4 last;
| d0 the position, d1 its gap, d2 its rank, d6 the moves its gap has, d5 nd, d3 a
| neighbour, d4/d7 scratch.

| dst = rank of src (dst is neither src nor d4; d4 is scratch).
        .macro  RANK src, dst
        bfextu  \src{#4:#4},\dst
        move.l  (.Lgap_base,%pc,\dst\().l*4),\dst
        bfextu  \src{#8:#12},%d4
        add.l   (%a3,%d4.l*4),\dst
        move.l  \src,%d4
        and.l   #0xFFF,%d4
        add.l   (%a4,%d4.l*4),\dst
        .endm

| Rank r (destroyed) of position t: if its entry is 3, set it to nd and append t.
        .macro  VISIT r, t, tmp
        add.l   \r,\r
        bfextu  (%a0){\r:#2},\tmp
        cmpi.b  #3,\tmp
        bne.s   9f
        bfins   %d5,(%a0){\r:#2}
        move.l  \t,(%a1)+
9:
        .endm

        .section .text.slide_level3,"ax",@progbits
        .balign 4
        .globl  slide_level3
slide_level3:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a0
        move.l  52(%sp),%a2
        move.l  56(%sp),%d0
        lea     (%a2,%d0.l*4),%a5
        move.l  60(%sp),%a1
        move.l  64(%sp),%a3
        move.l  68(%sp),%a4
        move.l  72(%sp),%d5
.Lstate:
        cmpa.l  %a5,%a2
        bcc     .Ldone
        move.l  (%a2)+,%d0
        bfextu  %d0{#4:#4},%d1          | the gap's cell
        RANK    %d0,%d2
        move.b  (.Lmoves,%pc,%d1.l),%d6
        btst    #0,%d6                  | gap left
        beq.s   1f
        move.l  %d2,%d4
        sub.l   #20160,%d4
        move.l  %d0,%d3
        sub.l   #0x1000000,%d3
        VISIT   %d4,%d3,%d7
1:
        btst    #1,%d6                  | gap right
        beq.s   2f
        move.l  %d2,%d4
        add.l   #20160,%d4
        move.l  %d0,%d3
        add.l   #0x1000000,%d3
        VISIT   %d4,%d3,%d7
2:
        btst    #2,%d6                  | gap up: a b c -> b c a
        beq.s   3f
        move.l  %d1,%d4
        add.l   %d4,%d4
        add.l   %d1,%d4
        subq.l  #1,%d4
        bfextu  %d0{%d4:#9},%d7
        move.l  %d7,%d3
        lsr.l   #6,%d3
        lsl.l   #3,%d7
        or.l    %d3,%d7                 | bits above 9 are not inserted
        move.l  %d0,%d3
        bfins   %d7,%d3{%d4:#9}
        sub.l   #0x3000000,%d3          | the gap three cells back
        RANK    %d3,%d7
        VISIT   %d7,%d3,%d4
3:
        btst    #3,%d6                  | gap down: a b c -> c a b
        beq     .Lstate
        move.l  %d1,%d4
        add.l   %d4,%d4
        add.l   %d1,%d4
        addq.l  #8,%d4
        bfextu  %d0{%d4:#9},%d7
        move.l  %d7,%d3
        lsl.l   #6,%d3
        lsr.l   #3,%d7
        or.l    %d3,%d7
        move.l  %d0,%d3
        bfins   %d7,%d3{%d4:#9}
        add.l   #0x3000000,%d3          | the gap three cells on
        RANK    %d3,%d7
        VISIT   %d7,%d3,%d4
        bra     .Lstate
.Ldone:
        move.l  %a1,%d0
        sub.l   60(%sp),%d0
        lsr.l   #2,%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| Tables: data, out of the code (the program's verifier reads every word of .text).
        .section .rodata.slide_level3,"a",@progbits
        .balign 4
| The moves of the gap from each cell: bit 0 left, 1 right, 2 up, 3 down.
.Lmoves:
        .byte   10,11,9,14,15,13,6,7,5
        .balign 4
| gap × 20160.
.Lgap_base:
        .long   0,20160,40320,60480,80640,100800,120960,141120,161280
