| One level of the breadth-first search that computes a 4×4 pattern database
| (src/games/slide/tables.rs, `level4`, whose portable Rust this follows step by step).
|
| u32 slide_level4(u8 *table, u32 *frontier, u32 *next, u32 nd)
|
| An index j (20 bits) holds the cells of the pattern's five tiles, tile k in bits 4k..4k+3.
| The table holds 2 bits per index, entry j at bit-field offset 2j from `table` (most
| significant bits first: the 68030's bit-field order), 3 = no distance yet. The frontier
| bitmaps hold index j at bit-field offset j. For every index of `frontier` (whose words are
| cleared as they are read), every index one move of one tile away (to a cell none of the
| five holds) whose entry is 3 gets `nd` and its bit in `next`. Returns how many did.
|
| C calling convention: arguments at 4(sp) on; d0-d1/a0-a1 free, d2-d7/a2-a6 preserved.
| Registers: a0 table, a1 next, a2 walks the frontier, a3 its end, a4 the count, a6 the
| first index of the current frontier word, a5 walks a neighbour list; d0 the frontier
| word's bits left, d7 the index j being expanded, d6 the cells its tiles hold (a mask),
| d5 nd, d2 j with tile k's cell cleared, d1/d3/d4 scratch.

        .section .text.slide_level4,"ax",@progbits
        .balign 4
        .globl  slide_level4
slide_level4:
        movem.l %d2-%d7/%a2-%a6,-(%sp)  | 44 bytes
        move.l  48(%sp),%a0
        move.l  52(%sp),%a2
        move.l  56(%sp),%a1
        move.l  60(%sp),%d5
        lea     131072(%a2),%a3         | 32768 words
        suba.l  %a4,%a4
        suba.l  %a6,%a6
.Lword:
        move.l  (%a2)+,%d0
        bne.s   .Lbits
        adda.w  #32,%a6
        cmpa.l  %a3,%a2
        bcs.s   .Lword
        bra     .Ldone
.Lbits:
        clr.l   -4(%a2)
.Lbit:
        bfffo   %d0{#0:#0},%d1          | the first index left in the word
        bfclr   %d0{%d1:#1}
        move.l  %a6,%d7
        add.l   %d1,%d7                 | j
        moveq   #0,%d6                  | the cells the five tiles hold
        bfextu  %d7{#28:#4},%d1
        bset    %d1,%d6
        bfextu  %d7{#24:#4},%d1
        bset    %d1,%d6
        bfextu  %d7{#20:#4},%d1
        bset    %d1,%d6
        bfextu  %d7{#16:#4},%d1
        bset    %d1,%d6
        bfextu  %d7{#12:#4},%d1
        bset    %d1,%d6
        | Tile k (bits at offset `off` of the long): to each neighbour cell not held.
        .irp    off,28,24,20,16,12
        bfextu  %d7{#\off:#4},%d1       | its cell
        lea     (.Lneighbours,%pc,%d1.l*8),%a5
        move.l  %d7,%d2
        bfclr   %d2{#\off:#4}
.Lto\off:
        move.b  (%a5)+,%d4              | a neighbour cell, or -1: no more
        bmi.s   .Ldone\off
        btst    %d4,%d6
        bne.s   .Lto\off
        move.l  %d2,%d3
        bfins   %d4,%d3{#\off:#4}       | the index with the tile moved
        add.l   %d3,%d3
        bfextu  (%a0){%d3:#2},%d1
        cmpi.b  #3,%d1
        bne.s   .Lto\off
        bfins   %d5,(%a0){%d3:#2}
        lsr.l   #1,%d3
        bfset   (%a1){%d3:#1}
        addq.l  #1,%a4
        bra.s   .Lto\off
.Ldone\off:
        .endr
        tst.l   %d0
        bne     .Lbit
        adda.w  #32,%a6
        cmpa.l  %a3,%a2
        bcs     .Lword
.Ldone:
        move.l  %a4,%d0
        movem.l (%sp)+,%d2-%d7/%a2-%a6
        rts

| Tables: data, out of the code (the program's verifier reads every word of .text).
        .section .rodata.slide_level4,"a",@progbits
        .balign 4
| The cells next to each cell of the 4×4 board (up, right, down, left), -1 after the last.
.Lneighbours:
        .byte   1,4,-1,-1,-1,-1,-1,-1
        .byte   0,2,5,-1,-1,-1,-1,-1
        .byte   1,3,6,-1,-1,-1,-1,-1
        .byte   2,7,-1,-1,-1,-1,-1,-1
        .byte   0,5,8,-1,-1,-1,-1,-1
        .byte   1,4,6,9,-1,-1,-1,-1
        .byte   2,5,7,10,-1,-1,-1,-1
        .byte   3,6,11,-1,-1,-1,-1,-1
        .byte   4,9,12,-1,-1,-1,-1,-1
        .byte   5,8,10,13,-1,-1,-1,-1
        .byte   6,9,11,14,-1,-1,-1,-1
        .byte   7,10,15,-1,-1,-1,-1,-1
        .byte   8,13,-1,-1,-1,-1,-1,-1
        .byte   9,12,14,-1,-1,-1,-1,-1
        .byte   10,13,15,-1,-1,-1,-1,-1
        .byte   11,14,-1,-1,-1,-1,-1,-1
