import { describe, expect, test } from "vitest";
import { clientAddressKey } from "./client-address.ts";

describe("clientAddressKey", () => {
  test("an IPv4 address is its own client", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("203.0.113.8")).toBe("203.0.113.8");
  });

  test("an IPv6 address counts as its /64, however the rest is written", () => {
    const key = "2001:db8:1:2::/64";
    expect(clientAddressKey("2001:db8:1:2::1")).toBe(key);
    expect(clientAddressKey("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe(key);
    expect(clientAddressKey("2001:0DB8:0001:0002:0:0:0:9")).toBe(key);
    expect(clientAddressKey("2001:db8:1:2:a::b")).toBe(key);
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  test("addresses in different /64s are different clients", () => {
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(clientAddressKey("2001:db8:1:2::1"));
    expect(clientAddressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
  });

  test("an IPv4-mapped IPv6 address counts as the IPv4 address it carries", () => {
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  test("an embedded IPv4 tail is read as two groups", () => {
    expect(clientAddressKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
    expect(clientAddressKey("2001:db8:1:2:3:4:203.0.113.7")).toBe("2001:db8:1:2::/64");
  });
});
