| Timer A interrupt handler for the measurement counter (src/machine/mfp/timer_a.rs).
| MFP interrupt, level 6, software end-of-interrupt: clear our in-service bit (bit 5 of
| ISRA at $FFFFFA0F; writing 0 clears a bit, 1 leaves it) and return with RTE.
        .text
        .globl  timer_a_handler
timer_a_handler:
        addq.l  #1,timer_a_periods
        move.b  #0xdf,0xfffffa0f.w
        rte

        .data
        .balign 2
        .globl  timer_a_periods
timer_a_periods:
        .long   0
