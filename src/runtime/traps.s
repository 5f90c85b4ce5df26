| Calls into TOS and the emulator, with the C calling convention LLVM uses for m68k:
| arguments on the stack (4 bytes each), result in d0, d2-d7/a2-a6 preserved by the callee.
|
| GEMDOS (trap #1), BIOS (trap #13) and XBIOS (trap #14) take their arguments as a block of
| big-endian words and longs pushed right to left, function number on top. The Rust side
| builds that block in memory (function number first); these routines copy it onto the stack,
| trap and restore the stack. TOS may clobber d0-d2/a0-a2.
|
|     i32 tos_gemdos(const u8 *block, u32 len)   len even, <= 64
|     i32 tos_bios  (const u8 *block, u32 len)
|     i32 tos_xbios (const u8 *block, u32 len)

        .text
        .macro  TOS_TRAP name, vector
        .globl  \name
\name:
        movem.l %d2/%a2-%a3,-(%sp)      | 12 bytes saved
        move.l  16(%sp),%a0             | block
        move.l  20(%sp),%d0             | length in bytes
        move.l  %sp,%a3                 | a3 survives the trap
        sub.l   %d0,%sp
        move.l  %sp,%a1
        lsr.l   #1,%d0
        bra.s   2f
1:      move.w  (%a0)+,(%a1)+
2:      dbf     %d0,1b
        trap    #\vector
        move.l  %a3,%sp
        movem.l (%sp)+,%d2/%a2-%a3
        rts
        .endm

        TOS_TRAP tos_gemdos, 1
        TOS_TRAP tos_bios, 13
        TOS_TRAP tos_xbios, 14

| void tos_super_to_user(u32 ssp) — GEMDOS Super(ssp) from supervisor mode: back to user
| mode, on the stack we are on. Supervisor mode only.
| The user stack pointer (USP) still holds what it was at the last switch to supervisor mode,
| and our stack has grown below it since: live frames now sit at and above that address.
| EmuTOS's Super pushes a long on the user stack (`move.l (sp)+,-(usp)`), which there
| overwrote a saved register of a live frame (docs/toolchain.md, "Super from supervisor
| mode"). So USP is first pointed below everything live: at the argument block.
        .globl  tos_super_to_user
tos_super_to_user:
        movem.l %d2/%a2-%a3,-(%sp)      | 12 bytes saved
        move.l  16(%sp),%d0             | ssp
        move.l  %sp,%a3                 | a3 survives the trap
        move.l  %d0,-(%sp)              | Super(ssp): the long argument,
        move.w  #0x20,-(%sp)            | then the function number
        move.l  %sp,%a0
        move.l  %a0,%usp                | the user stack goes on below the block
        trap    #1
        move.l  %a3,%sp                 | user mode now: this sets USP
        movem.l (%sp)+,%d2/%a2-%a3
        rts

| Native features (the emulator's debug interface, see docs/hatari.md, "NatFeats").
| The opcodes read their arguments from SP+4, so the return address serves as the dummy slot.
|     u32 nf_id(const char *name)               0 = unknown feature
|     i32 nf_call1(u32 id, u32 arg)
| They raise an illegal-instruction exception where NatFeats are absent: call nf_probe first.

        .globl  nf_id
nf_id:
        .word   0x7300
        rts

        .globl  nf_call1
nf_call1:
        .word   0x7301
        rts

| u32 nf_probe(void) — supervisor mode only. Returns the id of NF_VERSION, or 0 when the
| machine has no NatFeats (the illegal-instruction vector $10 catches the opcode).
        .globl  nf_probe
nf_probe:
        move.l  %a2,-(%sp)
        move.w  %sr,-(%sp)
        ori.w   #0x0700,%sr             | no interrupt while the vector is borrowed
        move.l  0x10.w,-(%sp)
        lea     3f(%pc),%a0
        move.l  %a0,0x10.w
        move.l  %sp,%a2                 | to unwind the exception frame
        pea     nf_version_name
        clr.l   -(%sp)
        .word   0x7300                  | NF_ID("NF_VERSION") -> d0
        bra.s   5f
3:      moveq   #0,%d0                  | illegal instruction: no NatFeats
5:      move.l  %a2,%sp
        move.l  (%sp)+,0x10.w
        move.w  (%sp)+,%sr
        move.l  (%sp)+,%a2
        rts

        .data
nf_version_name:
        .asciz  "NF_VERSION"
        .even
        .text

| CPU exception entries (vectors 2-11 and 14: bus error, address error, illegal instruction,
| zero divide, CHK, TRAPV, privilege violation, trace, line A, line F, format error). Each
| pushes its vector number and the address of the exception frame, then calls
|     void __falcon_cpu_exception(u32 vector, const u16 *frame)    never returns
| which reports the exception as a panic (the test runner counts it as the running test's
| failure; a program restores the machine and exits with code 9).
        .macro  EXCEPTION_ENTRY vector
        .globl  cpu_exception_\vector
cpu_exception_\vector:
        move.l  %sp,%a0
        pea     (%a0)
        pea     \vector
        jsr     __falcon_cpu_exception
        .endm

        EXCEPTION_ENTRY 2
        EXCEPTION_ENTRY 3
        EXCEPTION_ENTRY 4
        EXCEPTION_ENTRY 5
        EXCEPTION_ENTRY 6
        EXCEPTION_ENTRY 7
        EXCEPTION_ENTRY 8
        EXCEPTION_ENTRY 9
        EXCEPTION_ENTRY 10
        EXCEPTION_ENTRY 11
        EXCEPTION_ENTRY 14
