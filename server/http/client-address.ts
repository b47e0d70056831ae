import { BlockList, isIP } from "node:net";

/**
 * Which proxies may tell us the client's address: the number of proxies in front of this server (the last
 * hops of the chain), or the addresses and subnets of those proxies. The same rule as Express's `trust proxy`.
 */
export type TrustedProxies = { hops: number } | { list: BlockList };

/** Reads `TRUSTED_PROXIES`: a hop count ("1", "2") or a comma-separated list of addresses and CIDR subnets. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return { hops: Number(trimmed) };
  const list = new BlockList();
  for (const entry of trimmed
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`not an IP address or subnet: ${entry}`);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32)) throw new Error(`not a subnet: ${entry}`);
      list.addSubnet(address, bits, type);
    }
  }
  return { list };
}

/** An address as a header or a socket gives it: without brackets, port or the IPv4-mapped IPv6 prefix. */
function plainAddress(raw: string): string | null {
  let a = raw.trim();
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (a.toLowerCase().startsWith("::ffff:") && isIP(a.slice(7)) === 4) a = a.slice(7);
  return isIP(a) ? a : null;
}

function trusted(list: BlockList, address: string) {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address. Without a client IP header, the socket's. With one (`X-Forwarded-For`, or a
 * single-value header such as `CF-Connecting-IP`), the chain is read from the right, where the proxies next to
 * us appended what they saw: the trusted hops are skipped and the first address past them is the client's.
 * Whatever the client wrote itself sits further left and is never taken while a trusted proxy appended after it.
 * An address that does not parse stops the walk, and the last good one is used. `socket` is undefined when the
 * app is called in-process (tests); that counts as one trusted hop.
 */
export function clientAddress(header: string | undefined, socket: string | undefined, trust: TrustedProxies): string | undefined {
  const fromSocket = socket === undefined ? undefined : (plainAddress(socket) ?? socket);
  if (header === undefined) return fromSocket;
  const chain = header.split(",");
  // The socket is the nearest hop; a socket that is not a trusted proxy is the client itself.
  if ("list" in trust) {
    if (fromSocket !== undefined && !trusted(trust.list, fromSocket)) return fromSocket;
    let last = fromSocket;
    for (let i = chain.length - 1; i >= 0; i--) {
      const address = plainAddress(chain[i]);
      if (!address) return last;
      if (!trusted(trust.list, address)) return address;
      last = address;
    }
    return last;
  }
  if (trust.hops <= 0) return fromSocket;
  // The socket is the first trusted hop; hop n of the chain (from the right) is the client's.
  let last = fromSocket;
  for (let i = chain.length - 1, hop = 1; i >= 0; i--, hop++) {
    const address = plainAddress(chain[i]);
    if (!address) return last;
    if (hop >= trust.hops) return address;
    last = address;
  }
  return last;
}
