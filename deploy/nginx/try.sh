#!/usr/bin/env bash
# deploy/nginx/try.sh: Debian's nginx with this folder's configuration in front of a running shop, on one machine, to
# try the recipe (and for the project's test of it). Without TLS: production adds it (shop.conf).
#   SHOP_URL=http://127.0.0.1:3000 LISTEN_PORT=8080 bash deploy/nginx/try.sh
# SHOP_URL: the running shop (start it with TRUST_PROXY=1); LISTEN_PORT (8080) and LISTEN_HOST (127.0.0.1): where nginx
# listens. It prints the address it listens on, then runs until SIGTERM, Ctrl-C or its shell exits, and stops nginx
# and removes its files then. Install nginx first: apt-get install nginx.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
SHOP_URL="${SHOP_URL:-http://127.0.0.1:3000}"
LISTEN_PORT="${LISTEN_PORT:-8080}"
LISTEN_HOST="${LISTEN_HOST:-127.0.0.1}"
NGINX="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
if [ ! -x "$NGINX" ]; then
  echo "try.sh: nginx is not installed (Debian: apt-get install nginx)" >&2
  exit 2
fi
if [ ! -d "$root/build/client" ]; then
  echo "try.sh: no build in $root/build/client: run npm run build (or npm start) first" >&2
  exit 2
fi
upstream="${SHOP_URL#http://}"
upstream="${upstream%%/*}"

work="$(mktemp -d "${TMPDIR:-/tmp}/shop-nginx.XXXXXX")"
mkdir -p "$work/cache" "$work/temp" "$work/snippets"
# shop.conf's http-level part (cache, upstream, maps) with this machine's paths; its servers are production's (TLS).
sed -e "s#/var/cache/nginx/shop#$work/cache#" -e "s#server 127.0.0.1:3000;#server $upstream;#" "$here/shop.conf" |
  awk '/^server \{/ { exit } { print }' > "$work/shop-http.conf"
sed -e "s#/srv/shop/build/client#$root/build/client#" -e "s#/etc/nginx/snippets/#$work/snippets/#" \
  "$here/shop-locations.conf" > "$work/snippets/shop-locations.conf"
cp "$here/shop-proxy.conf" "$work/snippets/shop-proxy.conf"
# Run as root (a container, CI), the workers stay root to read the build and write the cache here; production's
# Debian nginx runs them as www-data.
user=""
if [ "$(id -u)" = 0 ]; then user="user root;"; fi
cat > "$work/nginx.conf" <<CONF
daemon off;
$user
worker_processes auto;
pid $work/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65s;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    include $work/shop-http.conf;
    server {
        listen $LISTEN_HOST:$LISTEN_PORT;
        server_name _;
        include $work/snippets/shop-locations.conf;
    }
}
CONF
"$NGINX" -t -q -p "$work" -c "$work/nginx.conf"
"$NGINX" -p "$work" -c "$work/nginx.conf" &
nginx_pid=$!
stopped=""
stop() {
  [ -n "$stopped" ] && return
  stopped=1
  kill -QUIT "$nginx_pid" 2>/dev/null || true
  wait "$nginx_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap 'stop; exit 0' TERM INT HUP
trap stop EXIT
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/$LISTEN_HOST/$LISTEN_PORT") 2>/dev/null; then break; fi
  if ! kill -0 "$nginx_pid" 2>/dev/null; then
    echo "try.sh: nginx stopped at start" >&2
    exit 1
  fi
  sleep 0.1
done
echo "nginx listens on http://$LISTEN_HOST:$LISTEN_PORT in front of $SHOP_URL"
wait "$nginx_pid"
