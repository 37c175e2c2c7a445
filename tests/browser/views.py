"""A step-through widget on a JupyterLab page, read the way a student sees
it: the slider's position, the caption, the picture shown (byte for byte)
and the pseudocode.  Both the alpha-beta Stepper and the MCTS stepper
carry the same class names, so one view reads either."""

import base64

from playwright.sync_api import expect

WAIT_MS = 15_000


class StepperView:
    """One step-through widget on the page (``locator`` is its root)."""

    def __init__(self, locator):
        self.root = locator
        self.handle = locator.locator(".gametree-slider .noUi-handle")
        self.caption = locator.locator(".gametree-caption")
        self.image = locator.locator("img.gametree-image")
        self.code = locator.locator(".gametree-code")

    def value(self) -> int:
        return round(float(self.handle.get_attribute("aria-valuenow")))

    def maximum(self) -> int:
        return round(float(self.handle.get_attribute("aria-valuemax")))

    def src(self) -> str:
        return self.image.get_attribute("src")

    def picture(self) -> bytes:
        """The PNG the page shows, byte for byte."""
        encoded = self.image.evaluate("""async image => {
            const bytes = new Uint8Array(await (await fetch(image.src)).arrayBuffer());
            let text = '';
            for (let i = 0; i < bytes.length; i += 0x8000) {
                text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            }
            return btoa(text);
        }""")
        return base64.b64decode(encoded)

    def go_home(self, first_caption: str | None = None) -> None:
        """Back to step 0 with the Home key; wait for the caption to say so
        (and to read ``first_caption``, if given)."""
        self.handle.focus()
        self.handle.press("Home")
        expect(self.caption).to_contain_text("Step 0 of", timeout=WAIT_MS)
        if first_caption is not None:
            expect(self.caption).to_have_text(first_caption, timeout=WAIT_MS)
