public enum RoutineCLIPlaceholder {}
