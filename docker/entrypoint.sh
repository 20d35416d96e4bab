#!/bin/sh
# Entrypoint of gamegraph's Neo4j 5.26 image (docker/Containerfile): writes conf/neo4j.conf
# from the environment the way the official neo4j image reads it, sets the initial password
# from NEO4J_AUTH, and runs Neo4j Community in the foreground.
#
#   NEO4J_AUTH=neo4j/<password>   initial password of user neo4j (on a new data directory)
#   NEO4J_AUTH=none               authentication off
#   NEO4J_<setting>               any setting: '_' stands for '.', '__' for '_'
#                                 (NEO4J_server_bolt_listen__address=127.0.0.1:7690)
#   NEO4J_GDS=false               start without the Graph Data Science library
set -eu

home=/var/lib/neo4j
conf="$home/conf/neo4j.conf"
mkdir -p "$home/conf" "$home/plugins" /data /logs

# What the official image sets; every one can be overridden through the environment.
defaults=$(mktemp)
overrides=$(mktemp)
cat >"$defaults" <<CONF
server.directories.data=/data
server.directories.logs=/logs
server.directories.plugins=$home/plugins
server.default_listen_address=0.0.0.0
server.bolt.tls_level=DISABLED
dbms.usage_report.enabled=false
server.memory.pagecache.size=512m
db.tx_log.rotation.retention_policy=256M size
dbms.security.procedures.unrestricted=apoc.*,gds.*
browser.remote_content_hostname_whitelist=guides.neo4j.com,localhost,127.0.0.1
CONF
if [ "${NEO4J_AUTH:-}" = "none" ]; then
    echo "dbms.security.auth_enabled=false" >>"$defaults"
fi

# NEO4J_dbms_memory_x__y -> dbms.memory.x_y
env | while IFS='=' read -r name value; do
    case "$name" in
        NEO4J_AUTH | NEO4J_GDS | NEO4J_HOME | NEO4J_CONF | NEO4J_PLUGINS | NEO4J_EDITION) ;;
        NEO4J_server_memory_heap_*) ;; # JVM flags, below
        NEO4J_*)
            key=$(printf '%s' "${name#NEO4J_}" | sed -e 's/__/\x01/g' -e 's/_/./g' -e 's/\x01/_/g')
            printf '%s=%s\n' "$key" "$value" >>"$overrides"
            ;;
    esac
done
# Neo4j refuses a setting declared twice: a default gives way to the environment's value
awk -F= 'NR == FNR { seen[$1] = 1; next } !($1 in seen)' "$overrides" "$defaults" >"$conf"
cat "$overrides" >>"$conf"
rm -f "$defaults" "$overrides"

classpath="$home/lib/*"
rm -f "$home"/plugins/*.jar
cp "$home"/lib/apoc-*.jar "$home/plugins/"
if [ "${NEO4J_GDS:-true}" != "false" ]; then
    classpath="$classpath:$home/gds/plugin/*:$home/gds/lib/*"
    cp "$home"/gds/plugin/*.jar "$home/plugins/"
fi

auth="${NEO4J_AUTH:-}"
if [ -n "$auth" ] && [ "$auth" != "none" ] && [ ! -d /data/databases/system ]; then
    password="${auth#neo4j/}"
    if [ "$password" = "$auth" ]; then
        echo "gamegraph-neo4j: NEO4J_AUTH must be neo4j/<password> or none" >&2
        exit 2
    fi
    NEO4J_HOME="$home" NEO4J_CONF="$home/conf" java -cp "$home/lib/*" org.neo4j.cli.AdminTool \
        dbms set-initial-password "$password" >/dev/null
fi

# the heap settings of neo4j.conf are read by Neo4j's start script, which this image does not
# use: they become the JVM's flags here
exec java -Xms"${NEO4J_server_memory_heap_initial__size:-512m}" \
    -Xmx"${NEO4J_server_memory_heap_max__size:-1g}" ${JAVA_OPTS:-} -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -XX:-OmitStackTraceInFastThrow \
    --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
    -Dio.netty.tryReflectionSetAccessible=true -Djdk.nio.maxCachedBufferSize=1024 \
    -Dlog4j2.disable.jmx=true -Dfile.encoding=UTF-8 \
    -cp "$classpath" org.neo4j.server.CommunityEntryPoint \
    --home-dir "$home" --config-dir "$home/conf" --console-mode
