/// The studio (SPEC §19): a second front end over the application layer, served to a
/// local browser. `Layout/` places a routine graph in layers, `HTTP/` is the server and
/// its guard (token, Host, Origin), `History/` draws the ledger's states as SVG.
public enum Studio {}
