import type { UploadedHelpAttachment } from "@ferry/core/contracts/help";
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { renderWithApp } from "../../testing/render.tsx";
import { AttachmentPicker } from "./help-attachments.tsx";

const UPLOADED: UploadedHelpAttachment = {
  id: "2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b",
  fileName: "statement.pdf",
  contentType: "application/pdf",
  size: 2048,
};

function Picker() {
  const [value, setValue] = useState<UploadedHelpAttachment[]>([]);
  return <AttachmentPicker value={value} onChange={setValue} />;
}

/** One upload as sent: its content type, and the form fields its multipart body was built from. */
interface SentUpload {
  readonly contentType: string;
  readonly fields: unknown[][];
}

/**
 * Records each upload; answers as the API does. The fields are read as they are put into the form:
 * Node's fetch cannot read back a body holding jsdom's File, which the browser's would send as is.
 */
function fakeUploads(answer: () => Response): SentUpload[] {
  const sent: SentUpload[] = [];
  const append = vi.spyOn(FormData.prototype, "append");
  onTestFinished(() => append.mockRestore());
  let fieldsSeen = 0;
  vi.stubGlobal("fetch", async (request: Request) => {
    sent.push({ contentType: request.headers.get("content-type") ?? "", fields: append.mock.calls.slice(fieldsSeen) });
    fieldsSeen = append.mock.calls.length;
    return answer();
  });
  return sent;
}

function choose(files: File[]) {
  fireEvent.change(screen.getByLabelText("Attach files"), { target: { files } });
}

describe("attaching files to a help request", () => {
  test("uploads a PDF in the multipart field 'file' and lists it, removable", async () => {
    const sent = fakeUploads(() => new Response(JSON.stringify(UPLOADED), { status: 201 }));
    const { user } = renderWithApp(<Picker />);
    const file = new File(["%PDF-1.7"], "statement.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("Attach files"), file);

    expect(await screen.findByText("statement.pdf")).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0].fields).toHaveLength(1);
    expect(sent[0].fields[0][0]).toBe("file");
    expect(sent[0].fields[0][1]).toBe(file);
    await user.click(screen.getByRole("button", { name: "Remove statement.pdf" }));
    expect(screen.queryByText("statement.pdf")).not.toBeInTheDocument();
  });

  test("refuses a file of another type or over 5 MB before uploading anything", async () => {
    const sent = fakeUploads(() => new Response(JSON.stringify(UPLOADED), { status: 201 }));
    renderWithApp(<Picker />);
    const tooLarge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "photo.png", { type: "image/png" });
    choose([new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }), tooLarge]);

    expect(
      await screen.findByText("setup.exe: only PNG, JPEG, WebP images and PDF files can be attached"),
    ).toBeVisible();
    expect(screen.getByText("photo.png: this file is 5.0 MB; the limit is 5 MB")).toBeVisible();
    expect(sent).toEqual([]);
  });

  test("says the server's reason when it refuses the upload", async () => {
    fakeUploads(
      () =>
        new Response(
          JSON.stringify({
            error: { code: "unsupported_media_type", message: "This file is not a PNG, JPEG, WebP or PDF" },
          }),
          { status: 415 },
        ),
    );
    renderWithApp(<Picker />);
    choose([new File(["not really"], "fake.png", { type: "image/png" })]);

    expect(await screen.findByText("fake.png: This file is not a PNG, JPEG, WebP or PDF")).toBeVisible();
    expect(screen.queryByRole("list", { name: "Files to send" })).not.toBeInTheDocument();
  });
});
