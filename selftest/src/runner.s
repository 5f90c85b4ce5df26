| Assembly of the on-target test program (selftest/src/bin/target_tests.rs), linked only
| into it: protected calls, and repainting the stack between tests. The build pipeline
| assembles this file for falcon-selftest's target-tests binary (xtask/src/pipeline.rs).

        .text

| Protected calls for the on-target test runner: a failing test panics, the panic handler
| calls protected_abort, and run_protected returns 1 to its caller instead of 0. Everything
| is in assembly so that, to the compiler, run_protected is an ordinary call that returns
| once. JmpBuf: 12 longs (d2-d7, a2-a6, sp).
|     u32  run_protected(void (*body)(void), JmpBuf *buf)
|     void protected_abort(JmpBuf *buf)         never returns
        .globl  run_protected
run_protected:
        move.l  8(%sp),%a0
        movem.l %d2-%d7/%a2-%a6,(%a0)
        move.l  %sp,44(%a0)             | sp points at our return address
        move.l  4(%sp),%a1
        jsr     (%a1)
        moveq   #0,%d0
        rts

        .globl  protected_abort
protected_abort:
        move.l  4(%sp),%a0
        movem.l (%a0),%d2-%d7/%a2-%a6
        move.l  44(%a0),%sp
        moveq   #1,%d0
        rts

| The paint of the stack and its guard: STACK_PAINT of src/runtime/start.s, PAINT of
| selftest/src/stack.rs.
        .equ    STACK_PAINT, 0x5354AC4B

| void falcon_stack_repaint(void): paints the guard and the free stack, from the guard's
| first word up to the caller's stack pointer (everything below it is dead), so that the
| next measurement shows what runs after this call.
        .globl  falcon_stack_repaint
falcon_stack_repaint:
        lea     __falcon_stack_guard,%a0
        move.l  #STACK_PAINT,%d0
        move.l  %sp,%d1
        bra.s   2f
1:      move.l  %d0,(%a0)+
2:      cmp.l   %d1,%a0
        bcs.s   1b
        rts
