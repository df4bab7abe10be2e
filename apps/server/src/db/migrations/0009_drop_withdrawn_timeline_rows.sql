-- Timeline pages no longer check that a josie is published (decision 0027, amended 27 November 2026): a
-- creator's edit now takes a published josie out of every timeline. Rows that edits left behind under the
-- earlier rule go here, once.
DELETE FROM "home_feed_entries" e USING "josies" j WHERE j."id" = e."josie_id" AND j."status" <> 'published';
