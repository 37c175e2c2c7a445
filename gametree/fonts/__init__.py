"""Noto subsets for the scripts gametree's catalogs write in pictures
(Devanagari for Hindi, Hangul for Korean), licensed under the SIL Open Font
License 1.1 (``OFL.txt``).  :mod:`gametree.view.fonts` registers them with
matplotlib; README.md here says how they were made."""
