// Placeholder: the RoutineFile module is built in its own issue.
