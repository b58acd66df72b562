/// Sync through PostgreSQL (SPEC §16). See docs/sync.md.
public enum RoutineSyncModule {}
