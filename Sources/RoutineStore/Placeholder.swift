// Placeholder: the RoutineStore module is built in its own issue.
