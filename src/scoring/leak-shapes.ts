// The shapes of text that only an internal error produces (contract §8a "No internals in the result").
// Each shape is matched against the message as a person reads it (asRead: invisible characters gone,
// look-alikes and full-width letters folded). Every pattern is anchored on something prose does not
// write — a file extension, a line number after a colon, a CamelCase name with an error suffix, a port
// — so that amounts, dates, ratios, times and ids (`HH-1001`, `calc-fv-v1`, `10:30`, `2:1`) stay clean;
// tests/scoring/leak.test.ts holds both sides.

export interface LeakShape {
  /** Named in the verdict: "JVM stack frame", "file path", … */
  readonly kind: string;
  readonly pattern: RegExp;
}

const SOURCE = "java|kts?|scala|groovy|clj|py[cx]?|go|cs|vb|fs|rb|erb|[cm]?js|tsx?|jsx|php|rs|c|cc|cpp|cxx|hh?|hpp|swift|mm?|exs?|erl|hs|lua|p[lm]|sh|bash|zsh|ps1|bat|cmd|sql|dll|so|dylib|exe|jar|war|class|wasm";
const DATA = "json|jsonl|ndjson|ya?ml|toml|ini|cfg|conf|config|env|properties|xml|csv|tsv|parquet|avro|db|sqlite3?|mdb|log|txt|dat|bak|pem|key|crt|cer|p12|pfx|jks|keystore|pkl|pickle|npy|h5|lock|tar|t?gz|zip|dump";
// A name with no folder is a file only with an unmistakable extension (no "c", "h", "m", "so", "key", "log").
const BARE_FILE = "java|kts?|scala|groovy|py|go|cs|rb|erb|[cm]?js|tsx?|jsx|php|rs|cpp|hpp|swift|exs?|sh|ps1|sql|dll|dylib|exe|jar|class|json|jsonl|ya?ml|toml|ini|cfg|conf|env|properties|xml|csv|parquet|sqlite3?|pem|crt|p12|pfx|jks|pkl";
// Product names that look like file names.
const PRODUCTS = "(?:[Nn]ode|[Vv]ue|[Nn]ext|[Nn]uxt|[Cc]hart|[Dd]3|[Tt]hree|[Ee]mber|[Ee]xpress|[Bb]ackbone)\\.js\\b";
const CREDENTIAL_WORD = "[\\w-]*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)";
const SERVICE_HOSTS = "localhost|db|database|redis|postgres(?:ql)?|mysql|mariadb|mongo(?:db)?|kafka|rabbitmq|memcached|elasticsearch|zookeeper|consul|etcd|vault|cache|broker|api|backend|upstream";

export const LEAK_SHAPES: readonly LeakShape[] = [
  // JVM (Java, Kotlin, Scala)
  { kind: "JVM stack frame", pattern: /\bat\s+(?:[\w$.]+\/)*[\w$]+(?:\.[\w$<>]+)+\((?:[\w$.-]+\.(?:java|kts?|scala|groovy|clj)(?::\d+)?|Native Method|Unknown Source)\)/ },
  { kind: "JVM stack frame", pattern: /^\s*\.\.\. \d+ more\b/m },
  // Python
  { kind: "Python traceback", pattern: /\bTraceback \(most recent call last\)|\bFile "[^"\n]+", line \d+|\bin <module>/ },
  // Go
  { kind: "Go stack trace", pattern: /\bgoroutine \d+ \[[\w ,]+\]|\bpanic: (?:runtime error|interface conversion|assignment to entry in nil map|send on closed channel)|\bnil pointer dereference\b|\+0x[0-9a-f]+\b|(?<=[\w)])\.\(\*?\w+\)\.\w+\(|\bcontext deadline exceeded\b/ },
  // .NET
  { kind: ".NET stack frame", pattern: /\bat\s+[\w.`<>$]+\([^()\n]*\)\s+in\s+\S+:line\s+\d+|:line \d+\b|\bat\s+(?:[\w`<>$]+\.)+[\w`<>$]+\((?:[\w.`<>[\]]+\s+\w+(?:,\s*[\w.`<>[\]]+\s+\w+)*)?\)|--- End of (?:inner exception )?stack trace\b/ },
  // Ruby
  { kind: "Ruby stack frame", pattern: /\.rb:\d+(?::in\b)?|:\d+:in [`'"]|\bfor nil:NilClass\b|\bundefined method [`']/ },
  // Go's runtime, when it stops the program: no frame, no file.
  { kind: "Go fatal error", pattern: /\bfatal error: (?:all goroutines are asleep|concurrent map (?:writes|read and map write|iteration and map write)|runtime: |out of memory|stack overflow|unexpected signal)/i },
  // Rust: a panic names its thread, with or without the source location.
  { kind: "Rust panic", pattern: /\bthread '[^'\n]{1,100}' panicked\b|\bRUST_BACKTRACE=/ },
  // PHP
  { kind: "PHP error", pattern: /\bPHP (?:Fatal error|Parse error|Warning|Notice|Deprecated|Stack trace):|\bFatal error: Uncaught\b/ },
  // Node: a frame's location is a script (`.js`, `.ts`, …), a `node:` module or `<anonymous>`; a Rust
  // source file or an IPv6 address with a port is not a Node frame.
  { kind: "Node stack frame", pattern: /\bat\s+(?:async\s+|new\s+)?(?:[\w$.<>[\]]+\s+)?\(?(?:node:[^\s()]*?|(?:file:\/\/)?[^\s()]*?\.(?:[cm]?[jt]sx?|vue|svelte)|<anonymous>):\d+:\d+\)?|\bat (?:async )?Promise\.\w+ \(index \d+\)|\bnode:internal\// },
  // Any of them
  { kind: "exception name", pattern: /\b[A-Z][A-Za-z0-9]*(?:Exception|Error|Warning)\b|\b(?:KeyboardInterrupt|StopIteration|SystemExit|GeneratorExit)\b|\bException in thread\b/ },
  { kind: "qualified class name", pattern: /(?<![\w.])(?:[a-z_][a-z0-9_]*\.)+[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/ },
  { kind: "namespaced class name", pattern: /\b[A-Za-z_]\w*::[A-Za-z_]\w*/ },
  { kind: "source file and line", pattern: new RegExp(`(?<=[\\w-])\\.(?:${SOURCE}):\\d+`) },
  // Files and folders
  { kind: "file path", pattern: new RegExp(`(?<![\\w.\\\\/@+-])(?:~|\\.{1,2}|[A-Za-z]:)?[\\\\/]?(?:[\\w.@+-]+[\\\\/])+[\\w.@+-]*\\.(?:${SOURCE}|${DATA})\\b`, "i") },
  { kind: "file path", pattern: /(?<![\w.:/\\])\/(?:srv|var|etc|usr|home|opt|tmp|root|app|apps|mnt|proc|dev|data|workspace|code|src|lib|bin|sbin|run|private|Users|Library|Volumes|snap|media|boot|sys|nix)\/[^\s"'`)\]]*/ },
  { kind: "file path", pattern: /\b[A-Za-z]:\\[^\s"'`]*|\\\\[\w.-]+\\[^\s"'`]+|~\/[^\s"'`]+|\bfile:\/\/\S+/ },
  { kind: "file path", pattern: new RegExp(`(?<![\\w./\\\\-])(?!${PRODUCTS})\\.?[A-Za-z_][\\w-]*\\.(?:${BARE_FILE})\\b`, "i") },
  // Hosts and sockets
  { kind: "internal host name", pattern: /(?<![\w.-])(?:[a-z0-9][a-z0-9-]*\.)+(?:internal|local|localdomain|lan|corp|intranet|intra|home\.arpa)\b|\blocalhost\b/i },
  // Kubernetes: a service by its short DNS name (`store.ns.svc`) or with a port (`svc:8080`, `store-svc:8080`).
  { kind: "Kubernetes service name", pattern: /(?<![\w.-])(?:[a-z0-9-]+\.)+svc\b(?![-.]\w)|(?<![\w.-])(?:[a-z0-9.-]*[.-])?svc:\d{2,5}\b/i },
  { kind: "internal address", pattern: /\b(?:10\.\d{1,3}\.\d{1,3}|127\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}|169\.254\.\d{1,3})\.\d{1,3}\b/ },
  {
    kind: "socket address",
    pattern: new RegExp(`(?<![\\w.:-])(?:(?:\\d{1,3}\\.){3}\\d{1,3}|\\[[0-9a-f:.]+(?:%[\\w.-]+)?\\]|(?=[0-9a-f:]*::)(?:[0-9a-f]{0,4}:){1,7}[0-9a-f]{0,4}|(?:[a-z0-9-]+\\.)+(?!(?:${SOURCE})\\b)[a-z][a-z0-9-]*|[a-z][a-z0-9]*-[a-z0-9-]+|${SERVICE_HOSTS}):\\d{2,5}\\b(?![.:]\\d)`, "i"),
  },
  { kind: "connection URL", pattern: /\b(?:tcp|udp|redis|rediss|postgres(?:ql)?|mysql|mongodb(?:\+srv)?|amqps?|jdbc:[a-z]+|grpc|ldap):\/\/\S+/i },
  // Error codes
  {
    kind: "system error code",
    pattern: /\b(?:E(?:CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|NOTFOUND|HOSTUNREACH|HOSTDOWN|NETUNREACH|NETDOWN|ADDRINUSE|ADDRNOTAVAIL|ACCES|PERM|NOENT|PIPE|EXIST|ISDIR|NOTDIR|NOTEMPTY|MFILE|NFILE|NOSPC|NOMEM|AGAIN|BUSY|INVAL|ROFS|PROTO|SOCKETTIMEDOUT|AI_AGAIN|AI_NONAME|AI_FAIL|NOTCONN|SHUTDOWN|BADF|NOTSUP|INPROGRESS|ALREADY|MSGSIZE)|WSAE[A-Z]+|ERR_[A-Z0-9_]{3,})\b|\[Errno \d+\]|\berrno\b/i,
  },
  { kind: "system error message", pattern: /\bconnection reset by peer\b|\bi\/o timeout\b|\bno route to host\b|\bbroken pipe\b/i },
  { kind: "database error code", pattern: /\bSQLITE_[A-Z]+\b|\bORA-\d{5}\b|\bSQLSTATE\b|\bER_[A-Z_]{4,}\b/i },
  // Credentials
  {
    kind: "credential",
    pattern: new RegExp(
      `(?<![\\w-])${CREDENTIAL_WORD}["']?\\s*(?:=\\s*["']?[^\\s"',;&]{3,}|:\\s*(?:"[^"\\n]{3,}"|'[^'\\n]{3,}'|(?=[^\\s"',;]*[\\d_+/=$!@#%^&*])[^\\s"',;]{4,}|[^\\s"',;.]{6,}(?=\\s*(?:$|[,;)}\\]"'\\n]))))`,
      "im",
    ),
  },
  { kind: "credential", pattern: /(?<![\w+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:[^\s@/]+@/i },
  { kind: "bearer token", pattern: /\bbearer\s+(?:[\w\-.~+/]{16,}|(?=[\w\-.~+/]*[\d_.~+/])[\w\-.~+/]{6,})|\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*|\bauthorization\s*:\s*\S+/i },
  {
    kind: "API key",
    pattern: /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{10,}|\b[spr]k_(?:live|test)_[A-Za-z0-9]{10,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_\w{20,}|\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b|\bxox[abposr]-[A-Za-z0-9-]{10,}|\bxapp-[A-Za-z0-9-]{10,}|\bAIza[\w-]{30,}|\bglpat-[\w-]{20,}|\bnpm_[A-Za-z0-9]{36}\b|\bhf_[A-Za-z0-9]{30,}|\bSG\.[\w-]{16,}\.[\w-]{16,}|\bya29\.[\w-]{20,}/,
  },
  { kind: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
];
