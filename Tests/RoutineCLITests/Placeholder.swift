// Tests of this module arrive with its issue.
