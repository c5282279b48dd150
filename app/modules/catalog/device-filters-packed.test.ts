import { describe, expect, it } from "vitest";
import { packDeviceFilters, unpackDeviceFilters, type DeviceFilter } from "./catalog";

const devices: DeviceFilter[] = [
  { slug: "hayati-pro-max-6000", name: "Hayati Pro Max 6000" },
  { slug: "crystal-pro-10k", name: `Crystal "Pro" 10K </script><b>&amp;` },
  { slug: "elf-bar-600", name: "Elf Bar 600 – Ice, 2 ml" },
];

describe("the device list sent as one string (decision 057)", () => {
  it("comes back as the same devices, in the same order, whatever their names hold", () => {
    expect(unpackDeviceFilters(packDeviceFilters(devices))).toEqual(devices);
    expect(unpackDeviceFilters(packDeviceFilters([]))).toEqual([]);
  });

  it("is packed once per list and unpacked once per string, so what is drawn from it can be kept", () => {
    const text = packDeviceFilters(devices);
    expect(packDeviceFilters(devices)).toBe(text);
    const list = unpackDeviceFilters(text);
    // The same list object for the same text, even a copy of it (the browser's, from the page's data).
    expect(unpackDeviceFilters(text)).toBe(list);
    expect(unpackDeviceFilters(` ${text}`.slice(1))).toBe(list);
    // A renamed device is a new list (a new catalogue version), so a new string and a new object.
    const renamed = devices.map((d, i) => (i === 0 ? { ...d, name: "Hayati Pro Max 6000+" } : d));
    expect(unpackDeviceFilters(packDeviceFilters(renamed))).not.toBe(list);
    expect(unpackDeviceFilters(packDeviceFilters(renamed))[0]!.name).toBe("Hayati Pro Max 6000+");
  });

  it("answers right past the few strings it keeps", () => {
    const lists = Array.from({ length: 20 }, (_, n) => [{ slug: `device-${n}`, name: `Device ${n}` }]);
    for (const list of lists) expect(unpackDeviceFilters(packDeviceFilters(list))).toEqual(list);
    const first = unpackDeviceFilters(packDeviceFilters(lists[0]!));
    expect(first).toEqual(lists[0]);
    expect(unpackDeviceFilters(packDeviceFilters(lists[0]!))).toBe(first);
  });
});
