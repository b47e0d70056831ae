import { describe, expect, it } from "vitest";
import { readEnv } from "#server/env";
import { clientAddress, parseTrustedProxies } from "./client-address";

/**
 * The client's address behind proxies: the entry the trusted proxy appended, never the one the client wrote
 * (with `CLIENT_IP_HEADER=x-forwarded-for`, the first entry is the client's own words).
 */
describe("clientAddress", () => {
  const oneHop = parseTrustedProxies("1");

  it("takes what the proxy appended, not what the client wrote in front of it", () => {
    expect(clientAddress("6.6.6.6, 203.0.113.9", "10.0.0.2", oneHop)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "10.0.0.2", oneHop)).toBe("203.0.113.9");
    // Without a header the socket is the client; in-process calls (no socket) count as one trusted hop.
    expect(clientAddress(undefined, "198.51.100.4", oneHop)).toBe("198.51.100.4");
    expect(clientAddress("1.1.1.1, 198.51.100.7", undefined, oneHop)).toBe("198.51.100.7");
  });

  it("skips as many hops as there are proxies, and no more than the chain has", () => {
    const two = parseTrustedProxies("2");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.7", "10.0.0.2", two)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "10.0.0.2", two)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9", "10.0.0.2", parseTrustedProxies("0"))).toBe("10.0.0.2");
  });

  it("with a list, skips the listed proxies from the right and trusts nothing a stranger sends", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 192.0.2.10");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.1.2.3", "192.0.2.10", list)).toBe("203.0.113.9");
    // A client that reaches the site directly is its socket, whatever it writes.
    expect(clientAddress("10.0.0.1", "198.51.100.20", list)).toBe("198.51.100.20");
    // Every hop trusted: the leftmost address is as far as the chain goes.
    expect(clientAddress("10.9.9.9", "10.0.0.2", list)).toBe("10.9.9.9");
  });

  it("reads ports, brackets and IPv4-mapped addresses, and stops at garbage", () => {
    expect(clientAddress("[2001:db8::1]:4711", "10.0.0.2", oneHop)).toBe("2001:db8::1");
    expect(clientAddress("203.0.113.9:5000", "::ffff:10.0.0.2", oneHop)).toBe("203.0.113.9");
    expect(clientAddress("<script>", "::ffff:10.0.0.2", oneHop)).toBe("10.0.0.2");
    expect(clientAddress("1.2.3.4, nonsense", "10.0.0.2", parseTrustedProxies("2"))).toBe("10.0.0.2");
  });

  it("is configured by TRUSTED_PROXIES (a hop count, default 1, or a list), and a bad list stops the start", () => {
    expect(readEnv({ DATA_DIR: "/tmp/nexo-env-test" }).trustedProxies).toEqual({ hops: 1 });
    expect(readEnv({ DATA_DIR: "/tmp/nexo-env-test", TRUSTED_PROXIES: "3" }).trustedProxies).toEqual({ hops: 3 });
    expect("list" in readEnv({ DATA_DIR: "/tmp/nexo-env-test", TRUSTED_PROXIES: "10.0.0.0/8,::1" }).trustedProxies).toBe(true);
    expect(() => readEnv({ DATA_DIR: "/tmp/nexo-env-test", TRUSTED_PROXIES: "10.0.0.0/99" })).toThrow(/TRUSTED_PROXIES/);
    expect(() => readEnv({ DATA_DIR: "/tmp/nexo-env-test", TRUSTED_PROXIES: "proxy.internal" })).toThrow(/TRUSTED_PROXIES/);
  });
});
