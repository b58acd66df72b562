// Non-variadic wrappers over libedit, which Swift cannot call directly
// (el_set, el_get and history are variadic; el_init wants the stdio globals,
// which Swift 6 rejects as not concurrency-safe).
//
// Only the LineEditor module includes this. el_gets, el_line, el_insertstr,
// el_deletestr, el_reset, el_end, history_init and history_end are not variadic
// and are called directly from Swift.
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <histedit.h>

/// The prompt callback: returns the prompt for the line being edited.
typedef char *(*routine_el_prompt_fn)(EditLine *);
/// An editor command bound to a key: returns one of the CC_* codes.
typedef unsigned char (*routine_el_command_fn)(EditLine *, int);

// MARK: - EditLine

/// An empty prompt for the prompt callback to return when it has nothing else:
/// libedit reads the prompt without checking for NULL.
static inline char *routine_empty_prompt(void) {
    static char empty[1] = "";
    return empty;
}

static inline EditLine *routine_el_init(const char *prog) {
    return el_init(prog, stdin, stdout, stderr);
}

static inline int routine_el_set_prompt(EditLine *el, routine_el_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}

/// Like routine_el_set_prompt, but characters between two `marker` characters
/// in the prompt are printed without taking room on the line (for escapes).
static inline int routine_el_set_prompt_esc(EditLine *el, routine_el_prompt_fn fn, char marker) {
    return el_set(el, EL_PROMPT_ESC, fn, marker);
}

/// mode is "emacs" or "vi".
static inline int routine_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// on = 1: libedit installs its own handlers during el_gets (terminal restored on
/// SIGINT, SIGTSTP, …; redisplay after SIGCONT; resize on SIGWINCH).
static inline int routine_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/// Changes one terminal mode of libedit's edit mode (in force while el_gets reads),
/// e.g. "-isig": the keys that raise signals (Ctrl-C, Ctrl-Z) are read as keys.
static inline int routine_el_setty_edit(EditLine *el, const char *mode) {
    return el_set(el, EL_SETTY, "-d", mode, NULL);
}

static inline int routine_el_set_hist(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

static inline int routine_el_add_function(EditLine *el, const char *name, const char *help,
                                          routine_el_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

/// Binds key (in libedit's notation, e.g. "^I") to a named function.
static inline int routine_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

static inline int routine_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *routine_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

// MARK: - History

static inline int routine_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

/// unique = 1: an entry equal to the previous one is not entered again.
static inline int routine_history_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int routine_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

/// Returns the number of entries read, or -1.
static inline int routine_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

/// Returns the number of entries written, or -1.
static inline int routine_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

// MARK: - Terminal and signals

/// Writes text to the stream libedit draws on, and flushes it, so that it lands
/// in order with libedit's own output.
static inline void routine_write_stdout(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}

/// Set by the SIGINT handler below; read and cleared by routine_sigint_take.
static volatile sig_atomic_t routine_sigint_seen = 0;

static void routine_ignore_signal(int signo) {
    (void)signo;
    routine_sigint_seen = 1;
}

/// Whether a SIGINT arrived since the last call (and clears it). libedit's
/// incremental search (Ctrl-R) reports an interrupted read as end of file;
/// this tells the two apart.
static inline int routine_sigint_take(void) {
    int seen = routine_sigint_seen;
    routine_sigint_seen = 0;
    return seen;
}

/// Installs a SIGINT handler that does nothing, without SA_RESTART, so that a
/// Ctrl-C interrupts the terminal read (read fails with EINTR) instead of
/// killing the process. The previous action is stored in old.
static inline int routine_sigint_catch(struct sigaction *old) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = routine_ignore_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    return sigaction(SIGINT, &action, old);
}

static inline int routine_sigint_restore(const struct sigaction *old) {
    return sigaction(SIGINT, old, NULL);
}
#endif
