// `spineparticle skel info|repair` against the official runtime: defective copies of the
// official coin-pro 4.2 exports (binary and JSON) are repaired by the CLI, and the repaired
// files parse in @esotericsoftware/spine-core 4.2.119 with the same bones, slots, skins and
// animations as the originals (the repaired bytes are in fact the original bytes).
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AtlasAttachmentLoader,
  SkeletonBinary,
  SkeletonJson,
  TextureAtlas,
  type SkeletonData,
} from '@esotericsoftware/spine-core';
import { runCli, runCliFailing } from '../support/cli.ts';
import { FakeAtlasAttachmentLoader } from '../../web/export/fake-atlas.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/spine');
const dir = mkdtempSync(join(tmpdir(), 'skel-repair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Offset of the string table in coin-pro-4.2.skel (reference §3.4). */
const TABLE_OFFSET = 51;

function varint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[at++];
    value |= (b & 0x7f) << shift;
    if (!(b & 0x80)) return [value, at];
  }
}

function writeVarint(out: number[], value: number): void {
  while (value >= 0x80) {
    out.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
  out.push(value);
}

/** Rewrites the string table of a 4.2 binary with `edit` applied to every entry. */
function editStrings(skel: Uint8Array, edit: (s: string, i: number) => string): Uint8Array {
  let [count, at] = varint(skel, TABLE_OFFSET);
  const out: number[] = [...skel.subarray(0, TABLE_OFFSET)];
  writeVarint(out, count);
  for (let i = 0; i < count; i++) {
    let n: number;
    [n, at] = varint(skel, at);
    const text = new TextDecoder().decode(skel.subarray(at, at + n - 1));
    at += n - 1;
    const bytes = new TextEncoder().encode(edit(text, i));
    writeVarint(out, bytes.length + 1);
    out.push(...bytes);
  }
  return Uint8Array.from([...out, ...skel.subarray(at)]);
}

function summary(data: SkeletonData) {
  return {
    bones: data.bones.map((b) => [b.name, b.parent?.name ?? null, b.x, b.y, b.rotation, b.scaleX, b.scaleY]),
    slots: data.slots.map((s) => [s.name, s.boneData.name, s.attachmentName, s.blendMode]),
    skins: data.skins.map((s) => ({
      name: s.name,
      attachments: s.getAttachments().map((e) => [e.slotIndex, e.name, e.attachment.name]),
    })),
    animations: data.animations.map((a) => [a.name, a.duration, a.timelines.length]),
  };
}

function loadBinary(bytes: Uint8Array, loader = new FakeAtlasAttachmentLoader()): SkeletonData {
  return new SkeletonBinary(loader).readSkeletonData(bytes);
}

function loadJson(text: string, loader = new FakeAtlasAttachmentLoader()): SkeletonData {
  return new SkeletonJson(loader).readSkeletonData(text);
}

function write(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('skel repair (binary 4.2)', () => {
  const original = new Uint8Array(readFileSync(join(FIXTURES, 'coin-pro-4.2.skel')));
  const probe = new FakeAtlasAttachmentLoader();
  const originalData = loadBinary(original, probe);
  const regionNames = probe.requests.map((r) => r.path);

  it('finds, repairs and round-trips trailing whitespace (#150)', () => {
    const defective = editStrings(original, (s, i) => (i === 1 || i === 3 ? `${s} ` : s));
    const input = write('defective.skel', defective);

    const info = JSON.parse(runCli(['skel', 'info', input, '--json']));
    expect(info.format).toBe('binary');
    expect(info.version).toBe('4.2.22');
    expect(info.hash).toBe('fKr+fe4rKEk');
    expect(info.referenceScale).toBe(100);
    expect(info.headerSize).toBe(188);
    expect(info.defects).toEqual([
      { kind: 'trailing_whitespace', index: 1, value: 'coin-front-shine-logo ' },
      { kind: 'trailing_whitespace', index: 3, value: 'coin-side-straight ' },
    ]);

    // What libGDX would do with a trimmed atlas: the defective file fails to load.
    expect(() => loadBinary(defective, new FakeAtlasAttachmentLoader(regionNames))).toThrow(
      /Region not found in atlas: coin-front-shine-logo /,
    );

    const output = join(dir, 'repaired.skel');
    const report = JSON.parse(runCli(['skel', 'repair', input, '-o', output]));
    expect(report.changes.map((c: { index: number; before: string; after: string }) => [c.index, c.before, c.after])).toEqual([
      [1, 'coin-front-shine-logo ', 'coin-front-shine-logo'],
      [3, 'coin-side-straight ', 'coin-side-straight'],
    ]);
    expect(report.headerSizeBefore).toBe(188);
    expect(report.headerSizeAfter).toBe(186);
    expect(report.bytesCopiedUnchanged).toBe(original.length - 186);

    const repaired = new Uint8Array(readFileSync(output));
    expect(Buffer.from(repaired).equals(Buffer.from(original))).toBe(true);
    expect(Buffer.from(readFileSync(input)).equals(Buffer.from(defective))).toBe(true);
    const data = loadBinary(repaired, new FakeAtlasAttachmentLoader(regionNames));
    expect(summary(data)).toEqual(summary(originalData));
    expect(data.version).toBe('4.2.22');
  });

  it('re-encodes a GBK atlas to UTF-8, or rewrites names for a GBK reader (#160)', () => {
    // String 7 ("shine", a region) renamed to 改; the atlas is written in GBK (改 = b8 c4).
    const skel = editStrings(original, (s, i) => (i === 7 ? '改' : s));
    const input = write('chinese.skel', skel);
    const names = regionNames.map((n) => (n === 'shine' ? '改' : n));
    const atlasText = `\ncoin.png\nsize: 64,64\n${names.map((n) => `${n}\nbounds: 0,0,1,1`).join('\n')}\n`;
    const utf8 = new TextEncoder().encode(atlasText);
    const gbkBytes = Uint8Array.from(
      atlasText.split('改').flatMap((part, i) => [...(i > 0 ? [0xb8, 0xc4] : []), ...new TextEncoder().encode(part)]),
    );
    expect(new TextDecoder('gbk').decode(gbkBytes)).toBe(atlasText);
    const gbkAtlas = write('chinese-gbk.atlas', gbkBytes);

    const info = JSON.parse(runCli(['skel', 'info', input, '--json', '--atlas', gbkAtlas]));
    expect(info.defects).toEqual([{ kind: 'charset_mismatch', index: 7, value: '改' }]);

    // A UTF-8 reader of the GBK atlas does not find 改.
    const load = (bytes: Uint8Array, text: string) => loadBinary(bytes, new AtlasAttachmentLoader(new TextureAtlas(text)) as never);
    expect(() => load(skel, new TextDecoder().decode(gbkBytes))).toThrow(/Region not found in atlas/);

    // Choice 1: the atlas re-encoded to UTF-8.
    const atlasOut = join(dir, 'chinese-utf8.atlas');
    const out1 = join(dir, 'chinese-1.skel');
    expect(runCliFailing(['skel', 'repair', input, '-o', out1, '--atlas', gbkAtlas]).stderr).toMatch(/--atlas-out/);
    const report1 = JSON.parse(runCli(['skel', 'repair', input, '-o', out1, '--atlas', gbkAtlas, '--atlas-out', atlasOut]));
    expect(report1.atlas).toMatchObject({ encoding: 'GBK/GB18030', changed: true, writtenEncoding: 'UTF-8' });
    expect(report1.changes).toEqual([]);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(atlasOut))).toBe(atlasText);
    const slots1 = summary(load(new Uint8Array(readFileSync(out1)), atlasText)).slots;
    expect(slots1).toEqual(summary(originalData).slots.map((s) => (s[2] === 'shine' ? [s[0], s[1], '改', s[3]] : s)));

    // Choice 2: names rewritten for a runtime that reads the (UTF-8) atlas as GBK.
    const utf8Atlas = write('chinese.atlas', utf8);
    const out2 = join(dir, 'chinese-2.skel');
    const report2 = JSON.parse(runCli(['skel', 'repair', input, '-o', out2, '--atlas', utf8Atlas, '--legacy-charset', 'gbk']));
    const seenByGbkReader = new TextDecoder('gbk').decode(utf8);
    const mojibake = new TextDecoder('gbk').decode(new TextEncoder().encode('改'));
    expect(report2.changes).toEqual([
      expect.objectContaining({ index: 7, before: '改', after: mojibake, kinds: ['charset_mismatch'] }),
    ]);
    expect(() => load(skel, seenByGbkReader)).toThrow(/Region not found in atlas/);
    const data2 = load(new Uint8Array(readFileSync(out2)), seenByGbkReader);
    expect(summary(data2).bones).toEqual(summary(originalData).bones);
    expect(summary(data2).animations).toEqual(summary(originalData).animations);
  });
});

describe('skel repair (JSON 4.2)', () => {
  const original = readFileSync(join(FIXTURES, 'coin-pro-4.2.json'), 'utf8');
  const probe = new FakeAtlasAttachmentLoader();
  const originalData = loadJson(original, probe);
  const regionNames = probe.requests.map((r) => r.path);

  it('renames every reference of a name with trailing whitespace and keeps all other bytes', () => {
    const defective = original.replaceAll('"coin-front-shine-logo"', '"coin-front-shine-logo "');
    const input = write('defective.json', defective);
    const info = JSON.parse(runCli(['skel', 'info', input, '--json']));
    expect(info).toMatchObject({ format: 'json', version: '4.2.22', hash: 'fKr+fe4rKEk', nonessential: null, strings: null, headerSize: null, fps: 30 });
    expect(info.defects.map((d: { path: string }) => d.path)).toEqual([
      'slots[3].attachment',
      'skins[0].attachments.coin-front-shine["coin-front-shine-logo "]',
      'animations.animation.slots.coin-front-shine.attachment[1].name',
    ]);
    expect(() => loadJson(defective, new FakeAtlasAttachmentLoader(regionNames))).toThrow(/Region not found/);

    const output = join(dir, 'repaired.json');
    const report = JSON.parse(runCli(['skel', 'repair', input, '-o', output]));
    expect(report.changes).toHaveLength(3);
    expect(report.changes[0]).toMatchObject({ path: 'slots[3].attachment', before: 'coin-front-shine-logo ', after: 'coin-front-shine-logo' });
    const repaired = readFileSync(output, 'utf8');
    expect(repaired).toBe(original);
    expect(summary(loadJson(repaired, new FakeAtlasAttachmentLoader(regionNames)))).toEqual(summary(originalData));
  });
});

describe('skel CLI failures', () => {
  it('exits non-zero with one clear line', () => {
    const notSkel = write('not-a-skeleton.skel', 'hello world, this is text');
    const { code, stderr } = runCliFailing(['skel', 'info', notSkel, '--json']);
    expect(code).not.toBe(0);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/not a Spine skeleton/);

    // Refused from its size alone (a sparse file: nothing is read).
    const big = write('big.skel', '');
    truncateSync(big, 64 * 1024 * 1024 + 1);
    const refused = runCliFailing(['skel', 'info', big, '--json']);
    expect(refused.stderr).toMatch(/67108865 bytes, over the 64 MiB limit/);
    expect(runCliFailing(['skel', 'repair', big, '-o', join(dir, 'big-out.skel')]).stderr).toMatch(/64 MiB/);

    const cut = write('cut.skel', readFileSync(join(FIXTURES, 'coin-pro-4.2.skel')).subarray(0, 60));
    expect(runCliFailing(['skel', 'repair', cut, '-o', join(dir, 'x.skel')]).stderr).toMatch(/unexpected end of file at byte \d+ reading string table entry/);
  });
});
