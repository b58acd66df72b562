// Non-variadic wrappers over libedit, which Swift cannot call directly
// (el_set and history are variadic; el_init wants the stdio globals).
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H
#include <stdio.h>
#include <histedit.h>

static inline EditLine *routine_el_init(const char *prog) {
    return el_init(prog, stdin, stdout, stderr);
}
#endif
