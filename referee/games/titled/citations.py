"""What the code of a described title cites: its rules are keys of the title's description
(`1889 phases.3.train_limit`, common.py `key`), which a citation says in words, the key after it
(core/citations.py). Keys by their pattern: a phase, a private or a train in the key is a `*`."""

from __future__ import annotations

from referee.i18n import N_

SECTIONS: dict[str, str] = {}  # a title has no rules file of ours: its keys are its sections

KEYS: dict[str, str] = {
    "market": N_("the stock market"),
    "operating.emergency_from_companies": N_("a president's help toward a train"),
    "operating.first_round_private_sales": N_("privates sold in the first operating round"),
    "operating.first_turn_tile_lays": N_("tile lays in a company's first turn"),
    "operating.full_cities_block": N_("a city full of other companies' stations blocks a route"),
    "operating.sell_more_than_needed": N_("a president's sales for a train beyond the need"),
    "operating.must_buy_train": N_("a company must own a train"),
    "operating.payouts": N_("paying out or withholding"),
    "operating.private_price_percent": N_("the price a company pays for a private"),
    "operating.tile_lays": N_("tile lays per turn"),
    "operating.train_price_between_companies": N_("the price of a train between companies"),
    "operating.upgrade_is_the_only_lay": N_("an upgrade as the turn's only lay"),
    "phases.*.bank_trains_per_turn": N_("trains from the bank per turn in the phase"),
    "phases.*.private_sales_between_players": N_("privates sold between players in the phase"),
    "phases.*.privates_for_sale": N_("privates for sale in the phase"),
    "phases.*.tiles": N_("the tiles of the phase"),
    "phases.*.train_limit": N_("the train limit of the phase"),
    "players.certificate_limit": N_("the certificate limit"),
    "privates.*.company_may_buy": N_("a company may buy the private"),
    "privates.*.exchange_from": N_("where the private's exchange comes from"),
    "privates.*.exchanges_for": N_("what the private exchanges for"),
    "privates.*.extra_lay": N_("the private's extra tile lay"),
    "privates.*.free_station_on": N_("the private's free station"),
    "privates.*.stop_bonus": N_("the private's token that adds to a stop"),
    "privates.*.train_discount": N_("the private's train discount"),
    "shares.first_sale": N_("the first sale of shares"),
    "shares.holding_limit": N_("the holding limit"),
    "shares.multiple_buy_from": N_("buying several shares in a turn"),
    "shares.pool_limit": N_("the bank pool's limit"),
    "shares.president_may_leave": N_("a president giving up the presidency"),
    "shares.rebuy_after_selling": N_("buying back after selling"),
    "shares.sell_buy_order": N_("the order of selling and buying"),
    "shares.sell_in_blocks": N_("selling shares in blocks"),
    "title.map": N_("the map"),
    "trains.*.loses_a_train_run": N_("a train's run lost when the train is first bought"),
    "trains.*.obsolete_on": N_("obsolete trains"),
    "trains.*.trade_in": N_("trading in a train"),
}

ALIASES: dict[str, str] = {}  # the code cites every section by its heading
