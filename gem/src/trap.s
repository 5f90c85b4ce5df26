| The GEM trap: d0 = selector (200 AES, 115 VDI), d1 = parameter block; trap #2.
| The AES/VDI may clobber d0-d2 and a0-a2; we keep d2 and a2 for the caller.
|     void falcon_gem_trap(u32 selector, const u32 *parameter_block)
        .text
        .globl  falcon_gem_trap
falcon_gem_trap:
        movem.l %d2/%a2,-(%sp)
        move.l  12(%sp),%d0
        move.l  16(%sp),%d1
        trap    #2
        movem.l (%sp)+,%d2/%a2
        rts
