/*
 * A local Neo4j 5 (Community) for gamegraph, run from Maven Central jars with no build step:
 *
 *   java [jvm flags] -cp '<cache>/lib/*' Launcher.java --home DIR [options]
 *
 * It starts the real Neo4j engine embedded in this JVM with
 *   - Bolt on 127.0.0.1:7687 and HTTP on 127.0.0.1:7474 (Neo4j Browser at /browser/),
 *   - APOC Core (its jars are copied from the classpath into <home>/plugins),
 *   - the Graph Data Science library when its jars are on the classpath too (--plugin-jars
 *     names the directory of GDS's own jars, which are copied into <home>/plugins as well),
 *   - authentication enabled, user "neo4j", initial password "gamegraph",
 * and stays in the foreground until SIGTERM/SIGINT, which shuts the databases down cleanly.
 *
 * Options (each also read from an environment variable; the option wins):
 *   --home DIR            GAMEGRAPH_NEO4J_HOME        Neo4j home: data/, logs/, plugins/, conf/, run/
 *   --bolt-port N         GAMEGRAPH_NEO4J_BOLT_PORT   default 7687
 *   --http-port N         GAMEGRAPH_NEO4J_HTTP_PORT   default 7474
 *   --host ADDR           GAMEGRAPH_NEO4J_HOST        listen address, default 127.0.0.1
 *   --password PW         GAMEGRAPH_NEO4J_PASSWORD    initial password of user neo4j, default gamegraph
 *                                                     (applied only when the DBMS is created; prefer
 *                                                     the environment variable: argv is visible in ps)
 *   --no-auth             GAMEGRAPH_NEO4J_AUTH=false  disable authentication
 *   --pagecache SIZE      GAMEGRAPH_NEO4J_PAGECACHE   page cache, default 512m
 *   --default-database N  GAMEGRAPH_NEO4J_DEFAULT_DATABASE  default neo4j
 *   --plugin-jars DIR     (repeatable) copy every jar of DIR into <home>/plugins; procedures
 *                         load from there, start-up hooks from the classpath, so DIR's jars
 *                         must be on the classpath as well. Jars copied by an earlier start
 *                         and not wanted now are removed (listed in plugins/.gamegraph-plugins).
 *
 * Further settings can go in <home>/conf/neo4j.conf (e.g. db.transaction.timeout=10m); it is
 * read first, and the settings this launcher sets in main() win over it.
 *
 * Readiness: once build() has returned and a transaction ran, <home>/run/ready.json is written
 * (pid, version, URIs, the GDS version or null); it is removed on shutdown. <home>/run/neo4j.pid holds this JVM's pid.
 *
 * Store swap (the bulk load's): the default database can be stopped and started again inside
 * this JVM, so that its store directories can be replaced without restarting the DBMS (JVM,
 * plugins, procedures, Bolt and HTTP stay up). A file <home>/run/database.stop asks for the stop;
 * it is answered by run/database.stopped once the database has shut down and closed its files.
 * A file run/database.start then asks for the start, answered by run/database.started. A request
 * holds the database's name and a token on its second line; the reply holds "ok" or
 * "error: <why>" and the request's token, so that a client never takes the answer to a request
 * left by a process that died (requests are served one at a time, in the order stop, start).
 * ready.json says "store_swap": true.
 */

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.cli.AdminTool;
import org.neo4j.cli.ExecutionContext;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.dbms.database.DatabaseContextProvider;
import org.neo4j.kernel.database.AbstractDatabase;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.internal.Version;
import org.neo4j.server.configuration.ServerSettings;

public class Launcher {

    static final class Options {
        Path home;
        String host = "127.0.0.1";
        int boltPort = 7687;
        int httpPort = 7474;
        String password = "gamegraph";
        boolean auth = true;
        String pageCache = "512m";
        String defaultDatabase = GraphDatabaseSettings.DEFAULT_DATABASE_NAME;
        List<Path> pluginJars = new ArrayList<>();
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("gamegraph-neo4j: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path home = options.home.toAbsolutePath().normalize();
        Path run = home.resolve("run");
        Path plugins = home.resolve("plugins");
        Path conf = home.resolve("conf");
        Files.createDirectories(run);
        Files.createDirectories(plugins);
        Files.createDirectories(conf);
        Files.createDirectories(home.resolve("logs"));
        Path readyFile = run.resolve("ready.json");
        Files.deleteIfExists(readyFile);
        writeAtomically(run.resolve("neo4j.pid"), ProcessHandle.current().pid() + "\n");

        copyPlugins(plugins, options.pluginJars);
        if (options.auth) {
            setInitialPasswordIfNew(home, conf, options.password);
        }

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(home);
        Path confFile = conf.resolve("neo4j.conf");
        if (Files.isRegularFile(confFile)) {
            builder.loadPropertiesFromFile(confFile);
        }
        long gib = 1024L * 1024 * 1024;
        builder.setConfig(GraphDatabaseSettings.auth_enabled, options.auth)
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                .setConfig(ServerSettings.allow_telemetry, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, parseBytes(options.pageCache))
                .setConfig(GraphDatabaseSettings.plugin_dir, plugins)
                .setConfig(GraphDatabaseSettings.procedure_unrestricted, List.of("apoc.*", "gds.*"))
                .setConfig(GraphDatabaseSettings.initial_default_database, options.defaultDatabase)
                // One UNWIND batch of ~50k rows needs a few hundred MiB of transaction state;
                // leave room for two such transactions at once inside a 2 GiB heap.
                .setConfig(GraphDatabaseSettings.memory_transaction_max_size, 1 * gib)
                .setConfig(GraphDatabaseSettings.memory_transaction_global_max_size, 3 * gib / 2)
                // Loads write gigabytes of transaction log; a local server keeps no backups, so
                // keep only what recovery needs instead of the default two days' worth.
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "256M size")
                // Pruning happens at checkpoints, which by default come every 15 minutes.
                .setConfig(GraphDatabaseSettings.check_point_interval_time, Duration.ofMinutes(1))
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(options.host, options.boltPort))
                .setConfig(BoltConnector.advertised_address, new SocketAddress(options.host, options.boltPort))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                // A local, single-user server: don't wait 2 x 5 s for idle Bolt threads at shutdown.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofSeconds(1))
                // Browser may load the gamegraph guide and style this server serves itself
                // (:play / :style http://127.0.0.1:<port>/browser/guides/...; see browser_guide.py)
                .setConfig(ServerSettings.browser_remote_content_hostname_whitelist,
                        "guides.neo4j.com,localhost,127.0.0.1")
                .setConfig(HttpConnector.enabled, true)
                .setConfig(HttpConnector.listen_address, new SocketAddress(options.host, options.httpPort))
                .setConfig(HttpConnector.advertised_address, new SocketAddress(options.host, options.httpPort));

        long started = System.nanoTime();
        DatabaseManagementService service = builder.build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("gamegraph-neo4j: shutting down");
            try {
                Files.deleteIfExists(readyFile);
            } catch (IOException ignored) {
                // the file is advisory; Python also checks the pid and Bolt
            }
            service.shutdown();
            try {
                Files.deleteIfExists(run.resolve("neo4j.pid"));
            } catch (IOException ignored) {
                // same
            }
            System.out.println("gamegraph-neo4j: stopped");
            stopped.countDown();
        }, "gamegraph-neo4j-shutdown"));

        GraphDatabaseService db = service.database(options.defaultDatabase);
        db.executeTransactionally("RETURN 1");

        String version = Version.getNeo4jVersion();
        String gds = gdsVersion(db);
        String bolt = "bolt://" + options.host + ":" + options.boltPort;
        String http = "http://" + options.host + ":" + options.httpPort;
        String ready = "{\"pid\": " + ProcessHandle.current().pid()
                + ", \"version\": \"" + version + "\""
                + ", \"bolt_uri\": \"" + bolt + "\""
                + ", \"http_uri\": \"" + http + "\""
                + ", \"gds\": " + (gds == null ? "null" : "\"" + gds + "\"")
                + ", \"auth\": " + options.auth
                + ", \"default_database\": \"" + options.defaultDatabase + "\""
                + ", \"store_swap\": true"
                + ", \"home\": \"" + home.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\""
                + "}\n";
        Thread control = new Thread(() -> serveStoreSwaps(service, options.defaultDatabase, run),
                "gamegraph-neo4j-store-swap");
        control.setDaemon(true);
        control.start();
        writeAtomically(readyFile, ready);
        long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
        System.out.println("gamegraph-neo4j: Neo4j " + version + " ready in " + millis + " ms; Bolt "
                + bolt + ", Browser " + http + "/browser/, auth " + (options.auth ? "on" : "off")
                + ", GDS " + (gds == null ? "not loaded" : gds));
        stopped.await();
    }

    static Options parse(String[] args) {
        Map<String, String> env = System.getenv();
        Options o = new Options();
        String home = env.get("GAMEGRAPH_NEO4J_HOME");
        o.boltPort = parsePort(env.getOrDefault("GAMEGRAPH_NEO4J_BOLT_PORT", "7687"));
        o.httpPort = parsePort(env.getOrDefault("GAMEGRAPH_NEO4J_HTTP_PORT", "7474"));
        o.host = env.getOrDefault("GAMEGRAPH_NEO4J_HOST", o.host);
        o.password = env.getOrDefault("GAMEGRAPH_NEO4J_PASSWORD", o.password);
        o.auth = !"false".equalsIgnoreCase(env.getOrDefault("GAMEGRAPH_NEO4J_AUTH", "true"));
        o.pageCache = env.getOrDefault("GAMEGRAPH_NEO4J_PAGECACHE", o.pageCache);
        o.defaultDatabase = env.getOrDefault("GAMEGRAPH_NEO4J_DEFAULT_DATABASE", o.defaultDatabase);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--no-auth" -> o.auth = false;
                case "--home", "--bolt-port", "--http-port", "--host", "--password", "--pagecache",
                        "--default-database", "--plugin-jars" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(a + " needs a value");
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--home" -> home = v;
                        case "--bolt-port" -> o.boltPort = parsePort(v);
                        case "--http-port" -> o.httpPort = parsePort(v);
                        case "--host" -> o.host = v;
                        case "--password" -> o.password = v;
                        case "--pagecache" -> o.pageCache = v;
                        case "--plugin-jars" -> o.pluginJars.add(Path.of(v));
                        default -> o.defaultDatabase = v;
                    }
                }
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        if (home == null || home.isBlank()) {
            throw new IllegalArgumentException("--home DIR (or GAMEGRAPH_NEO4J_HOME) is required");
        }
        if (o.auth && o.password.length() < 8) {
            throw new IllegalArgumentException("Neo4j 5 needs a password of at least 8 characters");
        }
        o.home = Path.of(home);
        return o;
    }

    /**
     * Answers the store swap's requests (see the header): stops the default database when
     * run/database.stop appears, starts it again when run/database.start appears. The Database
     * object stays registered, so Bolt and the procedures find it again once it has started.
     */
    static void serveStoreSwaps(DatabaseManagementService service, String name, Path run) {
        Path stop = run.resolve("database.stop");
        Path start = run.resolve("database.start");
        AbstractDatabase database = database(service, name);
        while (true) {
            // the reply the request being served is waited on: an error goes there too
            Path reply = run.resolve("database.started");
            String token = "";
            try {
                String[] request;
                if ((request = take(stop)) != null) {
                    reply = run.resolve("database.stopped");
                    token = request.length > 1 ? request[1] : "";
                    database.stop();  // a database already stopped stays so
                    writeAtomically(reply, "ok\n" + token + "\n");
                    System.out.println("gamegraph-neo4j: database " + name + " stopped for a store swap");
                } else if ((request = take(start)) != null) {
                    token = request.length > 1 ? request[1] : "";
                    String answer = "ok";
                    try {
                        database.start();
                        service.database(name).executeTransactionally("RETURN 1");
                        System.out.println("gamegraph-neo4j: database " + name + " started on its new store");
                    } catch (RuntimeException e) {
                        answer = "error: " + String.valueOf(e.getMessage()).replace('\n', ' ');
                    }
                    writeAtomically(reply, answer + "\n" + token + "\n");
                } else {
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                return;
            } catch (IOException | RuntimeException e) {
                System.err.println("gamegraph-neo4j: store swap request failed: " + e);
                try {
                    writeAtomically(reply, "error: " + String.valueOf(e).replace('\n', ' ') + "\n" + token + "\n");
                    Thread.sleep(100);
                } catch (IOException | InterruptedException ignored) {
                    return;
                }
            }
        }
    }

    /** The lines of a request file, which is removed; null when there is none. */
    static String[] take(Path request) throws IOException {
        String text;
        try {
            text = Files.readString(request, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
        Files.deleteIfExists(request);
        return text.strip().split("\n");
    }

    /** The kernel's database behind the name (resolved while it runs; it outlives a stop). */
    static AbstractDatabase database(DatabaseManagementService service, String name) {
        GraphDatabaseAPI api = (GraphDatabaseAPI) service.database(name);
        DatabaseContextProvider<?> databases =
                api.getDependencyResolver().resolveDependency(DatabaseContextProvider.class);
        return databases.getDatabaseContext(name).orElseThrow().database();
    }

    static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value.trim());
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a TCP port: " + value);
        }
    }

    /** Parses sizes such as 512m, 2g, 1048576 into bytes. */
    static long parseBytes(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        char last = v.charAt(v.length() - 1);
        if (last == 'k' || last == 'm' || last == 'g') {
            unit = last == 'k' ? 1024L : last == 'm' ? 1024L * 1024 : 1024L * 1024 * 1024;
            v = v.substring(0, v.length() - 1);
        }
        return Long.parseLong(v) * unit;
    }

    /** The version gds.version() answers, or null when GDS is not loaded. */
    static String gdsVersion(GraphDatabaseService db) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return db.executeTransactionally("RETURN gds.version() AS v", Map.of(),
                        result -> result.hasNext() ? String.valueOf(result.next().get("v")) : null);
            } catch (RuntimeException e) {
                String message = String.valueOf(e.getMessage());
                if (message.contains("Unknown function") || attempt == 10) {
                    return null;  // this server runs without GDS
                }
                Thread.sleep(500);  // e.g. the database still settling right after a restart
            }
        }
    }

    /**
     * Neo4j loads procedures only from plugin_dir, so the APOC jars (found on the classpath) and
     * the jars of each --plugin-jars directory must be there too. Jars an earlier start copied
     * that are not wanted now (GDS turned off, another version) are removed; anything else the
     * user put into plugins/ stays.
     */
    static void copyPlugins(Path plugins, List<Path> pluginJars) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (name.startsWith("apoc-") && name.endsWith(".jar") && Files.isRegularFile(p)) {
                jars.add(p);
            }
        }
        for (Path dir : pluginJars) {
            try (var listing = Files.list(dir)) {
                listing.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
            }
        }
        Map<String, Path> wanted = new HashMap<>();
        for (Path jar : jars) {
            wanted.put(jar.getFileName().toString(), jar);
        }
        Path manifest = plugins.resolve(".gamegraph-plugins");
        List<String> copiedBefore = Files.exists(manifest) ? Files.readAllLines(manifest) : List.of();
        try (var existing = Files.list(plugins)) {
            for (Path old : existing.toList()) {
                String name = old.getFileName().toString();
                boolean ours = (name.startsWith("apoc-") && name.endsWith(".jar")) || copiedBefore.contains(name);
                if (ours && !wanted.containsKey(name)) {
                    Files.delete(old);
                }
            }
        }
        for (Path jar : jars) {
            Path target = plugins.resolve(jar.getFileName().toString());
            if (!Files.exists(target) || Files.size(target) != Files.size(jar)) {
                Files.copy(jar, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        writeAtomically(manifest, String.join("\n", wanted.keySet().stream().sorted().toList()) + "\n");
    }

    /**
     * Before the system database exists, `neo4j-admin dbms set-initial-password` writes
     * data/dbms/auth.ini, which Neo4j reads when it creates the user neo4j on first start.
     * Later starts keep whatever password the database already has.
     */
    static void setInitialPasswordIfNew(Path home, Path conf, String password) {
        if (Files.exists(home.resolve("data").resolve("databases").resolve("system"))) {
            return;
        }
        int code = AdminTool.execute(new ExecutionContext(home, conf),
                // "--": a password may start with "-", which must not read as an option
                "dbms", "set-initial-password", "--", password);
        if (code != 0) {
            throw new IllegalStateException("set-initial-password failed with exit code " + code);
        }
    }

    static void writeAtomically(Path target, String content) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
