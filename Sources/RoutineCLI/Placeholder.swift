// Placeholder: the RoutineCLI module is built in its own issue.
