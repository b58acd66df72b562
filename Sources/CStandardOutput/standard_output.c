#include "standard_output.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>

// The first failure since the last `routine_stdout_take_error`. glibc drops a buffer it
// could not write, so a later fflush succeeds: the error must be caught when it happens.
// Only the thread that runs commands writes standard output.
static int first_error = 0;

static int keep(int error) {
    if (first_error == 0) first_error = error != 0 ? error : EIO;
    return first_error;
}

int routine_stdout_write(const char *bytes, size_t count) {
    if (count == 0) return 0;
    errno = 0;
    if (fwrite(bytes, 1, count, stdout) != count) return keep(errno);
    return 0;
}

int routine_stdout_flush(void) {
    errno = 0;
    if (fflush(stdout) != 0) return keep(errno);
    return 0;
}

int routine_stdout_take_error(void) {
    routine_stdout_flush();
    if (ferror(stdout)) keep(EIO);
    int error = first_error;
    first_error = 0;
    clearerr(stdout);
    return error;
}

void routine_stdout_default_sigpipe(void) {
    signal(SIGPIPE, SIG_DFL);
}
