"""The keyboard layouts the game's players type on: each layout's places (``places``, from
``keyboards.json``), the board's keys read by their place (``board_keys``) and words typed in the wrong
layout read as meant (``layouts``)."""
