| The game clock's interrupt handlers, for src/machine/clock.rs: 1024 Hz from MFP Timer A or
| Timer D. Each counts one tick, clears its timer's in-service bit (software end-of-interrupt:
| write 0 to our bit, 1 to the others) and returns with RTE. No register is touched.

        .text
        .globl  clock_tick_timer_a
clock_tick_timer_a:
        addq.l  #1,clock_ticks
        move.b  #0xdf,0xfffffa0f.w      | ISRA: clear bit 5 (Timer A)
        rte

        .globl  clock_tick_timer_d
clock_tick_timer_d:
        addq.l  #1,clock_ticks
        move.b  #0xef,0xfffffa11.w      | ISRB: clear bit 4 (Timer D)
        rte

        .data
        .balign 2
        .globl  clock_ticks
clock_ticks:
        .long   0
