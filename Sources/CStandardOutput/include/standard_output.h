#ifndef ROUTINE_STANDARD_OUTPUT_H
#define ROUTINE_STANDARD_OUTPUT_H

#include <stddef.h>

/// Writes `count` bytes to the process's standard output (the C stream `stdout`, which
/// libedit's prompts share, so the order of everything printed is kept). Returns 0, or
/// the error number of a failed write; the first failure is also kept for
/// `routine_stdout_take_error`.
int routine_stdout_write(const char *bytes, size_t count);

/// Flushes standard output. Returns 0, or the error number of the failed flush (also
/// kept for `routine_stdout_take_error`).
int routine_stdout_flush(void);

/// Flushes, then returns the error number of the first write or flush that failed since
/// the last call (0 when none did) and forgets it, clearing the stream's error flag.
int routine_stdout_take_error(void);

/// Restores the default action of SIGPIPE, whatever the parent left: a reader that goes
/// away (`routine entries | head -1`) ends the process quietly, as it ends other tools.
void routine_stdout_default_sigpipe(void);

#endif
