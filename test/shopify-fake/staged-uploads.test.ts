import http from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { at, startHarness, type FakeHarness } from "./helpers";

const STAGE = `#graphql
  mutation PrintConnectStagedUpload($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets { url resourceUrl parameters { name value } }
      userErrors { field message }
    }
  }`;

const PRODUCT_SET = `#graphql
  mutation Set($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
    productSet(identifier: $identifier, input: $input) {
      product { id }
      userErrors { field message code }
    }
  }`;

const MEDIA = `#graphql
  query Media($id: ID!) {
    product(id: $id) {
      media(first: 5) {
        nodes {
          id mediaContentType status alt
          mediaErrors { code message }
          preview { image { url } status }
          ... on MediaImage { mimeType image { url width height } }
        }
      }
      featuredMedia { id }
    }
  }`;

interface Target {
  url: string;
  resourceUrl: string;
  parameters: Array<{ name: string; value: string }>;
}

interface MediaNode {
  id: string;
  mediaContentType: string;
  status: string;
  alt: string | null;
  mediaErrors: Array<{ code: string; message: string }>;
  preview: { image: { url: string } | null; status: string };
  mimeType: string | null;
  image: { url: string; width: number; height: number } | null;
}

/** A real PNG of the given size (grey pixels). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** POSTs the form the way the app does: every parameter in order, then `file`. */
async function upload(
  target: Target,
  bytes: Buffer,
  type = "image/png",
  change?: [string, string],
) {
  const form = new FormData();
  for (const p of target.parameters) {
    form.append(p.name, change && change[0] === p.name ? change[1] : p.value);
  }
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), "first-page.png");
  return fetch(target.url, { method: "POST", body: form });
}

describe("stagedUploadsCreate, the upload target and product media", () => {
  let h: FakeHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.fake.control.reset();
  });

  const stage = async (input: Record<string, unknown>): Promise<Target> => {
    const res = await h.gql(STAGE, { input: [input] });
    expect(res.body.errors).toBeUndefined();
    expect(at(res.body.data, "stagedUploadsCreate", "userErrors")).toEqual([]);
    return at<Target[]>(res.body.data, "stagedUploadsCreate", "stagedTargets")[0]!;
  };
  const imageInput = (fileSize: number) => ({
    resource: "IMAGE",
    filename: "my-book.png",
    mimeType: "image/png",
    httpMethod: "POST",
    fileSize: String(fileSize),
  });
  const productWith = async (files: Array<Record<string, unknown>>, handle = "my-book") => {
    const res = await h.gql(PRODUCT_SET, {
      identifier: { handle },
      input: { title: "My book", handle, files },
    });
    expect(at(res.body.data, "productSet", "userErrors")).toEqual([]);
    return at<string>(res.body.data, "productSet", "product", "id");
  };
  const media = async (id: string) => {
    const res = await h.gql(MEDIA, { id });
    expect(res.body.errors).toBeUndefined();
    return at<MediaNode[]>(res.body.data, "product", "media", "nodes");
  };

  it("hands out a POST target on the stand-in, takes the upload, and the image becomes READY media served at image.url", async () => {
    const bytes = png(40, 60);
    const target = await stage(imageInput(bytes.length));
    expect(target.url).toBe(`${h.fake.url}/staged-uploads/`);
    expect(target.resourceUrl).toMatch(
      new RegExp(`^${h.fake.url}/staged-uploads/tmp/90001/products/[0-9a-f-]{36}/my-book\\.png$`),
    );
    expect(target.parameters.map((p) => p.name)).toEqual([
      "Content-Type",
      "success_action_status",
      "acl",
      "key",
      "x-goog-date",
      "x-goog-credential",
      "x-goog-algorithm",
      "x-goog-signature",
      "policy",
    ]);
    const res = await upload(target, bytes);
    expect(res.status).toBe(201);
    expect(await res.text()).toContain("<PostResponse><Location>");
    expect(h.fake.control.stagedUploads()).toEqual([
      expect.objectContaining({
        resourceUrl: target.resourceUrl,
        uploaded: true,
        size: bytes.length,
      }),
    ]);

    const productId = await productWith([
      { originalSource: target.resourceUrl, contentType: "IMAGE", alt: "First page of My book" },
    ]);
    const [node] = await media(productId);
    expect(node).toMatchObject({
      mediaContentType: "IMAGE",
      status: "READY",
      alt: "First page of My book",
      mediaErrors: [],
      mimeType: "image/png",
      preview: { status: "READY" },
      image: { width: 40, height: 60 },
    });
    expect(node!.image!.url.startsWith(`${h.fake.url}/cdn/shop/files/`)).toBe(true);
    expect(node!.preview.image!.url).toBe(node!.image!.url);
    const served = await fetch(node!.image!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    // A retry with the same files keeps the media; the control API shows it.
    await productWith([
      { originalSource: target.resourceUrl, contentType: "IMAGE", alt: "First page of My book" },
    ]);
    expect((await media(productId)).map((m) => m.id)).toEqual([node!.id]);
    expect(h.fake.control.product(productId)!.media).toEqual([
      expect.objectContaining({
        status: "READY",
        url: node!.image!.url,
        width: 40,
        height: 60,
        error: null,
      }),
    ]);
  });

  it("media whose bytes are not an image, or whose target got nothing, ends FAILED with a media error", async () => {
    const text = Buffer.from("%PDF-1.7 not an image");
    const notImage = await stage(imageInput(text.length));
    expect((await upload(notImage, text, "image/png")).status).toBe(201);
    const never = await stage(imageInput(100));
    const productId = await productWith([
      { originalSource: notImage.resourceUrl, contentType: "IMAGE" },
      { originalSource: never.resourceUrl, contentType: "IMAGE" },
    ]);
    const nodes = await media(productId);
    expect(nodes.map((n) => [n.status, n.image, n.mediaErrors[0]?.code])).toEqual([
      ["FAILED", null, "UNSUPPORTED_IMAGE_FILE_TYPE"],
      ["FAILED", null, "IMAGE_DOWNLOAD_FAILURE"],
    ]);
    expect(nodes[0]!.preview).toEqual({ image: null, status: "FAILED" });
  });

  it("checks the upload: parameters as handed out, size within fileSize, a known key", async () => {
    const bytes = png(4, 4);
    const target = await stage(imageInput(bytes.length));
    const changed = await upload(target, bytes, "image/png", ["acl", "public-read"]);
    expect(changed.status).toBe(403);
    expect(await changed.text()).toContain("<Code>AccessDenied</Code>");
    const tooBig = await upload(target, Buffer.concat([bytes, Buffer.alloc(10)]));
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain("EntityTooLarge");
    const unknown = await upload(target, bytes, "image/png", ["key", "tmp/1/products/x/y.png"]);
    expect(unknown.status).toBe(403);
    expect(h.fake.control.stagedUploads()[0]!.uploaded).toBe(false);
    // The staged object itself is private.
    expect((await fetch(target.resourceUrl)).status).toBe(403);
    expect((await upload(target, bytes)).status).toBe(201);
  });

  it("a PUT target takes the raw bytes with its signature", async () => {
    const bytes = png(8, 8);
    const target = await stage({ ...imageInput(bytes.length), httpMethod: "PUT" });
    expect(target.url).toContain("X-Goog-Signature=");
    const unsigned = await fetch(target.resourceUrl, {
      method: "PUT",
      body: new Uint8Array(bytes),
    });
    expect(unsigned.status).toBe(403);
    const put = await fetch(target.url, {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status).toBe(200);
    const productId = await productWith([{ originalSource: target.resourceUrl }]);
    expect((await media(productId))[0]).toMatchObject({
      status: "READY",
      image: { width: 8, height: 8 },
    });
  });

  it("fetches a merchant image URL on loopback (PROCESSING, then READY); never one outside the machine", async () => {
    const bytes = png(12, 10);
    // The image is held back until the test has seen PROCESSING.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = http.createServer((req, res) => {
      if (req.url === "/cover.png") {
        void released.then(() => {
          res.writeHead(200, { "Content-Type": "image/png" });
          res.end(bytes);
        });
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const productId = await productWith([
        { originalSource: `${origin}/cover.png`, alt: "Cover" },
        { originalSource: `${origin}/missing.png` },
        { originalSource: "https://images.example.com/cover.png" },
      ]);
      const first = await media(productId);
      expect(first[0]!.status).toBe("PROCESSING");
      expect(first[2]).toMatchObject({
        status: "FAILED",
        mediaErrors: [expect.objectContaining({ code: "IMAGE_DOWNLOAD_FAILURE" })],
      });
      release();
      await h.fake.control.waitForMedia();
      const settled = await media(productId);
      expect(settled.map((n) => n.status)).toEqual(["READY", "FAILED", "FAILED"]);
      expect(settled[0]!.image).toMatchObject({ width: 12, height: 10 });
    } finally {
      release();
      await h.fake.control.waitForMedia();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("answers bad input with userErrors, and needs write_products or write_files", async () => {
    const res = await h.gql(STAGE, {
      input: [
        { resource: "IMAGE", filename: "", mimeType: "image/png", httpMethod: "POST" },
        {
          resource: "IMAGE",
          filename: "big.png",
          mimeType: "image/png",
          httpMethod: "POST",
          fileSize: "30000000",
        },
      ],
    });
    expect(at(res.body.data, "stagedUploadsCreate")).toEqual({
      stagedTargets: null,
      userErrors: [
        { field: ["input", "0", "filename"], message: "Filename can't be blank" },
        {
          field: ["input", "1", "fileSize"],
          message: "File size exceeds the maximum of 20 MB for images.",
        },
      ],
    });
    const readOnly = await startHarness({ scopes: "read_products" });
    try {
      const denied = await readOnly.gql(STAGE, { input: [imageInput(10)] });
      expect(denied.body.errors).toEqual([
        expect.objectContaining({
          message:
            "Access denied for stagedUploadsCreate field. Required access: `write_products` or `write_files` access scope.",
          extensions: expect.objectContaining({ code: "ACCESS_DENIED" }),
        }),
      ]);
    } finally {
      await readOnly.close();
    }
    const files = await startHarness({ scopes: "write_files" });
    try {
      const ok = await files.gql(STAGE, { input: [imageInput(10)] });
      expect(at(ok.body.data, "stagedUploadsCreate", "userErrors")).toEqual([]);
    } finally {
      await files.close();
    }
  });
});
