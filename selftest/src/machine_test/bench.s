| Measuring routines of the machine test program (src/bin/machine_test.rs): what
| an interrupt handler of the machine layer costs. Never part of FALCON.PRG.

        .text

| void spin(u32 n): a busy loop of n iterations, for measuring what interrupts cost.
        .globl  spin
spin:
        move.l  4(%sp),%d0
1:      subq.l  #1,%d0
        bne.s   1b
        rts

| void call_as_interrupt(void (*handler)(void)): runs an interrupt handler as if its interrupt had
| happened (a format-0 frame for vector $70 returning here), to measure what its body and
| RTE cost. Supervisor mode.
        .globl  call_as_interrupt
call_as_interrupt:
        move.l  4(%sp),%a0
        move.w  #0x0070,-(%sp)
        pea     1f(%pc)
        move.w  %sr,-(%sp)
        jmp     (%a0)
1:      rts

| An interrupt handler that does nothing: the baseline of the measurements above.
        .globl  interrupt_return_only
interrupt_return_only:
        rte

