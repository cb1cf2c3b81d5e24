"""Print-on-demand shops and the card products they print: template sizes at 300 dpi, bleed and safe area.

Template pixels are the full upload image including bleed. The Game Crafter: every deck product page
(https://www.thegamecrafter.com/make/products/<Product>) gives the image size; the cut is 1/8 inch
(37.5 px) inside it and the safe zone another 1/8 inch in. MakePlayingCards: 36 px of bleed around
the cut at 300 dpi (poker: 822 x 1122 px on https://www.makeplayingcards.com/design/custom-blank-card.html),
safe area 36 px inside the cut. "generic": any card size, the kit's own bleed and safe margin.
"""

from __future__ import annotations

from dataclasses import dataclass

DPI = 300.0
TOLERANCE_MM = 1.0
"""A deck matches a product whose cut size is within this of the card's, each way."""


@dataclass(frozen=True)
class Product:
    """A card size a shop prints: its name, cut size in inches, upload image in px and safe inset from the image edge."""

    name: str
    trim_in: tuple[float, float]
    image_px: tuple[int, int]
    safe_px: float
    url: str

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.trim_in[0] * 25.4, self.trim_in[1] * 25.4


@dataclass(frozen=True)
class Shop:
    key: str
    title: str
    templates: str
    products: tuple[Product, ...]


def _tgc(name: str, product: str, w: float, h: float) -> Product:
    return Product(name, (w, h), (round(w * DPI + 75), round(h * DPI + 75)), 75.0,
                   f"https://www.thegamecrafter.com/make/products/{product}")


def _mpc(name: str, page: str, w: float, h: float) -> Product:
    """An MPC product; ``page`` is its design page where one was checked, else MPC's home page."""
    url = f"https://www.makeplayingcards.com/design/{page}.html" if page else "https://www.makeplayingcards.com/"
    return Product(name, (w, h), (round(w * DPI + 72), round(h * DPI + 72)), 72.0, url)


SHOPS: dict[str, Shop] = {
    "thegamecrafter": Shop("thegamecrafter", "The Game Crafter", "https://help.thegamecrafter.com/article/39-templates", (
        _tgc("Poker Deck", "PokerDeck", 2.5, 3.5),
        _tgc("Bridge Deck", "BridgeDeck", 2.25, 3.5),
        _tgc("Business Deck", "BusinessDeck", 2.0, 3.5),
        _tgc("Domino Deck", "DominoDeck", 1.75, 3.5),
        _tgc("Mini Deck", "MiniDeck", 1.75, 2.5),
        _tgc("Micro Deck", "MicroDeck", 1.25, 1.75),
        _tgc("Tarot Deck", "TarotDeck", 2.75, 4.75),
        _tgc("Jumbo Deck", "JumboDeck", 3.5, 5.5),
        _tgc("Small Square Deck", "SmallSquareDeck", 2.5, 2.5),
        _tgc("Euro Square Deck", "EuroSquareDeck", 2.75, 2.75),
        _tgc("Square Deck", "SquareDeck", 3.5, 3.5),
    )),
    "makeplayingcards": Shop("makeplayingcards", "MakePlayingCards", "https://www.makeplayingcards.com/design/custom-blank-card.html", (
        _mpc("Custom game cards, poker size (63 x 88 mm)", "custom-blank-card", 2.5, 3.5),
        _mpc("Bridge size cards", "", 2.25, 3.5),
        _mpc("Mini cards", "", 1.75, 2.5),
        _mpc("Tarot cards", "", 2.75, 4.75),
        _mpc("Jumbo cards", "", 3.5, 5.5),
        _mpc("Small square cards", "custom-small-square-cards", 2.5, 2.5),
        _mpc("Square cards", "", 3.5, 3.5),
    )),
}
SHOP_NAMES = (*SHOPS, "generic")


def match(shop: Shop, w_mm: float, h_mm: float) -> tuple[Product, bool] | None:
    """The shop's product for a ``w`` x ``h`` mm card and whether it is turned (landscape), or None."""
    for product in shop.products:
        pw, ph = product.trim_mm
        if abs(pw - w_mm) <= TOLERANCE_MM and abs(ph - h_mm) <= TOLERANCE_MM:
            return product, False
        if abs(ph - w_mm) <= TOLERANCE_MM and abs(pw - h_mm) <= TOLERANCE_MM:
            return product, True
    return None


def sizes(shop: Shop) -> str:
    """The shop's card sizes in mm, for an error message."""
    return ", ".join(f"{p.trim_mm[0]:.1f} x {p.trim_mm[1]:.1f}" for p in shop.products)
